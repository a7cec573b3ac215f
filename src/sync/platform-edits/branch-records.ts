import type { CommitChanges, GitRepository } from '../../content/git/git-repository.js';
import { filesNamed, readOutcome, type KeptOutcome } from './outcome-line.js';

/** What the platform-edits branch holds for a file, by the newest of the branch's own commits that changed it. */
export interface BranchRecord {
  /** What that commit's message says became of the page; undefined when it does not say (a commit not docsync's). */
  readonly outcome: KeptOutcome | undefined;
  /** The blob that commit left; undefined when it removed the file. */
  readonly blob: string | undefined;
  /** The blob git held for the page then, as the message names it. */
  readonly gitBlob: string | undefined;
  /** A page git does not have: its id in the platform, as the message names it. */
  readonly pageId: string | undefined;
}

/**
 * The files the branch's own commits changed or named (those of `tip` that `synced` does not have:
 * once the branch is merged, git holds what it kept), below `folder`, by path from the top of the
 * work tree. One git process, whatever the number of pages, and one more per commit naming a page
 * it left as it was (retitled or moved in the platform: `SUMMARY.md` says it). Commits `counts` turns
 * down are passed over: an older commit then says what became of their files.
 */
export async function branchRecords(
  repository: Pick<GitRepository, 'history' | 'listTree'>,
  tip: string,
  synced: string,
  folder: string,
  counts: (commit: CommitChanges) => Promise<boolean> = () => Promise.resolve(true),
): Promise<Map<string, BranchRecord>> {
  const records = new Map<string, BranchRecord>();
  for (const commit of await repository.history(tip, synced, folder)) {
    if (!(await counts(commit))) continue;
    const unchanged = filesNamed(commit.message).filter((file) => !commit.files.has(file) && !records.has(file) && within(folder, file));
    for (const [file, blob] of [...commit.files, ...(await blobsAt(repository, commit.oid, folder, unchanged))]) {
      if (records.has(file)) continue;
      const said = readOutcome(commit.message, file);
      records.set(file, { outcome: said?.outcome, blob, gitBlob: said?.gitBlob, pageId: said?.pageId });
    }
  }
  return records;
}

function within(folder: string, file: string): boolean {
  return folder === '' || file.startsWith(`${folder}/`);
}

/** The blob each of `files` (below `folder`, paths from the top of the work tree) has at `commit`; none for a file it lacks. */
async function blobsAt(
  repository: Pick<GitRepository, 'listTree'>,
  commit: string,
  folder: string,
  files: readonly string[],
): Promise<[string, string | undefined][]> {
  if (files.length === 0) return [];
  const blobs = new Map((await repository.listTree(commit, folder)).map((entry) => [folder === '' ? entry.path : `${folder}/${entry.path}`, entry.oid]));
  return files.map((file) => [file, blobs.get(file)]);
}
