import type { GitRepository } from '../../content/git/git-repository.js';
import { readOutcome, type KeptOutcome } from './outcome-line.js';

/** What the platform-edits branch holds for a file, by the newest of the branch's own commits that changed it. */
export interface BranchRecord {
  /** What that commit's message says became of the page; undefined when it does not say (a commit not docsync's). */
  readonly outcome: KeptOutcome | undefined;
  /** The blob that commit left; undefined when it removed the file. */
  readonly blob: string | undefined;
  /** The blob git held for the page then, as the message names it. */
  readonly gitBlob: string | undefined;
}

/**
 * The files the branch's own commits changed (those of `tip` that `synced` does not have: once the
 * branch is merged, git holds what it kept), below `folder`, by path from the top of the work tree.
 * One git process, whatever the number of pages.
 */
export async function branchRecords(
  repository: Pick<GitRepository, 'history'>,
  tip: string,
  synced: string,
  folder: string,
): Promise<Map<string, BranchRecord>> {
  const records = new Map<string, BranchRecord>();
  for (const commit of await repository.history(tip, synced, folder)) {
    for (const [file, blob] of commit.files) {
      if (records.has(file)) continue;
      const said = readOutcome(commit.message, file);
      records.set(file, { outcome: said?.outcome, blob, gitBlob: said?.gitBlob });
    }
  }
  return records;
}
