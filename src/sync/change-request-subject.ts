/** The API's bound on change request subjects. */
export const SUBJECT_MAX = 100;

/** Marks docsync's own change requests so they are found again if local state is lost. */
export function subjectMarker(target: string): string {
  return `[docsync:${target}]`;
}

export interface CommitInfo {
  oid: string;
  subject: string;
}

/** Characters of a commit's sha the subject records: enough for git to resolve it. */
const RECORDED_SHA = 12;

/** The sync token (see `sync-token/sync-token.ts`) as the subject carries it, ` ~<12 hex digits>`, right before the marker. */
const TOKEN = / ~([0-9a-f]{12})$/;
/** Room every subject keeps for the token, so recording it never cuts the text again. */
const TOKEN_ROOM = ' ~'.length + 12;

/**
 * Renders the subject template and appends the marker, cutting the text at a word boundary with
 * an ellipsis so the whole stays within 100 characters. `synced`: the commit the content comes from,
 * recorded before the marker (`@<sha>`) so a runner without state finds what docsync last merged.
 */
export function changeRequestSubject(template: string, target: string, commit: CommitInfo | undefined, synced?: string): string {
  const rendered = template
    .replaceAll('{commit.subject}', commit?.subject ?? `Update docs from ${target}`)
    .replaceAll('{commit.sha}', commit?.oid.slice(0, 12) ?? 'worktree')
    .replaceAll('{target}', target)
    .replace(/\s+/g, ' ')
    .trim();
  const marker = synced === undefined ? subjectMarker(target) : `@${synced.slice(0, RECORDED_SHA)} ${subjectMarker(target)}`;
  const room = SUBJECT_MAX - marker.length - 1 - TOKEN_ROOM;
  return `${cutCleanly(rendered, room)} ${marker}`;
}

/** `subject` with the sync token `token` before its marker, in place of any it held. */
export function withSyncToken(subject: string, target: string, token: string): string {
  const marker = ` ${subjectMarker(target)}`;
  const head = withoutSyncToken(subject, target).slice(0, subject.endsWith(marker) ? -marker.length : undefined);
  const sha = / @[0-9a-f]{12}$/.exec(head)?.[0] ?? '';
  const tail = `${sha} ~${token}${marker}`;
  return `${cutCleanly(head.slice(0, head.length - sha.length), SUBJECT_MAX - tail.length)}${tail}`;
}

/** `subject` without the sync token: what the subject says apart from the last delivery. */
export function withoutSyncToken(subject: string, target: string): string {
  const marker = ` ${subjectMarker(target)}`;
  if (!subject.endsWith(marker)) return subject;
  return `${subject.slice(0, -marker.length).replace(TOKEN, '')}${marker}`;
}

/** The sync token a subject of `target`'s change request records, if any. */
export function recordedToken(subject: string | undefined, target: string): string | undefined {
  const marker = ` ${subjectMarker(target)}`;
  if (subject?.endsWith(marker) !== true) return undefined;
  return TOKEN.exec(subject.slice(0, -marker.length))?.[1];
}

/** The commit a subject of `target`'s change request records (abbreviated), if any. */
export function recordedCommit(subject: string | undefined, target: string): string | undefined {
  const marker = ` ${subjectMarker(target)}`;
  if (subject?.endsWith(marker) !== true) return undefined;
  const sha = new RegExp(`@([0-9a-f]{${RECORDED_SHA}})$`).exec(subject.slice(0, -marker.length).replace(TOKEN, ''));
  return sha?.[1];
}

/** Cuts on grapheme boundaries (never inside an emoji or a surrogate pair), preferring a space. */
function cutCleanly(text: string, max: number): string {
  if (text.length <= max) return text;
  let head = '';
  for (const { segment } of new Intl.Segmenter().segment(text)) {
    if (head.length + segment.length > max - 1) break;
    head += segment;
  }
  const space = head.lastIndexOf(' ');
  return `${(space > max / 2 ? head.slice(0, space) : head).trimEnd()}…`;
}
