import type { ChangeRequest } from '../../api/schemas/change-request.js';

/** What became of one page the platform changed: see `KeptPage`. */
export type KeptOutcome = 'edited' | 'merged' | 'conflict' | 'removed' | 'moved';

const WHAT: Record<KeptOutcome, string> = {
  edited: 'edited in the platform',
  merged: 'edited on both sides, merged',
  conflict: 'edited on both sides, conflicts to resolve',
  removed: 'removed in the platform',
  moved: 'moved in the platform',
};

const SOURCE = /^(?: \(git's blob ([0-9a-f]{40}|[0-9a-f]{64})\))?(?: \(the platform's page ([\w-]+)\))?$/;
const SYNCED = /^Made while syncing git's commit ([0-9a-f]{40}|[0-9a-f]{64})\.$/m;
const OPEN = /^docsync's change request #(\d+) was open\.$/m;
const REVISION = /\(revision ([\w-]+)\)/;

/** What a platform-edits commit's message says became of a page. */
export interface SaidOutcome {
  readonly outcome: KeptOutcome;
  /** The blob git held for the page then. */
  readonly gitBlob: string | undefined;
  /** A page git does not have (added in the platform), or one the platform gave another path: its id there. */
  readonly pageId: string | undefined;
}

/**
 * The line of a platform-edits commit's message that says what became of a page, which blob git
 * held for it then, and its id in the platform for a page git does not have or one removed at this
 * path because the platform gave it another: what tells a runner without state a page a sync left
 * live, whether git changed it since, and where the platform has it.
 */
export function outcomeLine(file: string, outcome: KeptOutcome, gitBlob: string | undefined, pageId?: string): string {
  const blob = gitBlob === undefined ? '' : ` (git's blob ${gitBlob})`;
  const page = pageId === undefined ? '' : ` (the platform's page ${pageId})`;
  return `- ${file}: ${WHAT[outcome]}${blob}${page}`;
}

/** What a commit's message says became of `file`; undefined when it does not say. Reads lines without git's blob too. */
export function readOutcome(message: string, file: string): SaidOutcome | undefined {
  const prefix = `- ${file}: `;
  for (const line of message.split('\n')) {
    if (!line.startsWith(prefix)) continue;
    const said = line.slice(prefix.length);
    for (const [outcome, what] of Object.entries(WHAT) as [KeptOutcome, string][]) {
      if (said === what) return { outcome, gitBlob: undefined, pageId: undefined };
      const source = said.startsWith(what) ? SOURCE.exec(said.slice(what.length)) : null;
      const [gitBlob, pageId] = [source?.[1], source?.[2]];
      if (gitBlob !== undefined || pageId !== undefined) return { outcome, gitBlob, pageId };
    }
  }
  return undefined;
}

/** The files a commit's message says something became of, in its order. */
export function filesNamed(message: string): string[] {
  return message.split('\n').flatMap((line) => {
    if (!line.startsWith('- ')) return [];
    // A file's name may hold `: ` too: the split is where what follows says an outcome.
    for (let at = line.indexOf(': '); at >= 0; at = line.indexOf(': ', at + 1)) {
      const file = line.slice(2, at);
      if (readOutcome(line, file) !== undefined) return [file];
    }
    return [];
  });
}

/**
 * The line of a platform-edits commit's message naming the git commit its sync delivered: what went
 * live by that sync is main's once docsync has merged that commit (its change request may wait for review).
 */
export function syncedLine(commit: string): string {
  return `Made while syncing git's commit ${commit}.`;
}

/** The git commit a platform-edits commit's message says its sync delivered; undefined when it does not say (made before docsync said it). */
export function readSynced(message: string): string | undefined {
  return SYNCED.exec(message)?.[1];
}

/** docsync's change request open in the space, as a platform-edits commit's message tells it. */
export type OpenChangeRequest = Pick<ChangeRequest, 'number' | 'revisionInitial' | 'revisionMergedAncestor'>;

/** The line of a platform-edits commit's message naming docsync's change request open when it was made. */
export function openLine(changeRequest: number): string {
  return `docsync's change request #${changeRequest} was open.`;
}

/**
 * Whether the platform's versions a platform-edits commit holds are still main's: docsync's change
 * request open when it was made (named by its message), or the one its sync opened (made from the
 * revision of main its message names), is open yet. No merge of docsync's made git's versions live since.
 */
export function stillMains(message: string, open: OpenChangeRequest | undefined): boolean {
  if (open === undefined || readSynced(message) === undefined) return false;
  return OPEN.exec(message)?.[1] === String(open.number) || REVISION.exec(message)?.[1] === open.revisionInitial;
}
