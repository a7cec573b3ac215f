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

/**
 * Renders the subject template and appends the marker, cutting the text at a word boundary with
 * an ellipsis so the whole stays within 100 characters.
 */
export function changeRequestSubject(template: string, target: string, commit: CommitInfo | undefined): string {
  const rendered = template
    .replaceAll('{commit.subject}', commit?.subject ?? `Update docs from ${target}`)
    .replaceAll('{commit.sha}', commit?.oid.slice(0, 12) ?? 'worktree')
    .replaceAll('{target}', target)
    .replace(/\s+/g, ' ')
    .trim();
  const marker = subjectMarker(target);
  const room = SUBJECT_MAX - marker.length - 1;
  return `${cutCleanly(rendered, room)} ${marker}`;
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
