import { firstMarkerLine } from './first-marker-line.js';
import { decodeText } from '../../content/gitbook/clean-text.js';
import { gitBlobOid } from '../../content/git/git-blob-oid.js';
import type { FileChange, GitRepository } from '../../content/git/git-repository.js';
import { readOutcome, type KeptOutcome } from './outcome-line.js';
import { heldInConflict } from './removed-conflict.js';

/** A file's change laid onto the branch, and whether that left conflict markers in it (their first line). */
export interface BranchChange {
  readonly change: FileChange;
  readonly conflictLine?: number;
}

const LABELS = { ours: 'branch', base: 'git', theirs: 'platform' };

/**
 * `changes` (versions made from git's synced commit) laid onto the branch's `tip`, so that nothing
 * the branch holds is lost: a file the branch changed since `synced` (an earlier platform edit, a
 * person's commit such as a conflict resolved) is merged with the new version, never overwritten; the
 * base is the git version the branch's version was made from (named by docsync's commit message),
 * else git's synced version. A version docsync committed and left live (`leftLive`: a clean merge,
 * the platform's own under `adopt`) is what the platform's next one descends from: replaced by it.
 * A version one of the branch's commits wrote already (or holds in a conflict, as a page git removed)
 * is dropped: the branch's later commits say what became of it. Removals are applied as they are. A
 * file the platform moved to another path (`renamed`: old file → new) goes on from the branch's
 * version of its old path. So does a version from a commit whose platform versions are main's yet
 * (`stillMains`: docsync's change request of that sync waits for review), unless it holds conflict
 * markers: the platform went on from it. `relink` gives the branch's version of a file as this run
 * names pages (`SUMMARY.md` linking the new path of a page the platform renamed that only the branch lists).
 */
export async function ontoBranch(
  repository: Pick<GitRepository, 'history' | 'readBlob' | 'listTree' | 'mergeFile'>,
  branch: { tip: string; synced: string; folder: string },
  changes: readonly FileChange[],
  leftLive: (outcome: KeptOutcome) => boolean,
  renamed: ReadonlyMap<string, string> = new Map(),
  stillMains: (message: string) => boolean = () => false,
  relink: (file: string, text: string) => string = (_file, text) => text,
): Promise<BranchChange[]> {
  const written = new Map<string, (string | undefined)[]>();
  // The git version each file's branch version was made from, as docsync's newest commit of it names it.
  const madeFrom = new Map<string, string>();
  // Files whose branch version went live as it is: the platform's next version descends from it.
  const wentLive = new Set<string>();
  // Files whose branch version main still holds, unless it is a conflict's.
  const heldLive = new Set<string>();
  for (const commit of await repository.history(branch.tip, branch.synced, branch.folder)) {
    for (const [file, blob] of commit.files) {
      const outcome = written.has(file) ? undefined : readOutcome(commit.message, file)?.outcome;
      if (outcome !== undefined && leftLive(outcome)) wentLive.add(file);
      else if (!written.has(file) && blob !== undefined && outcome !== 'conflict' && stillMains(commit.message)) heldLive.add(file);
      written.set(file, [...(written.get(file) ?? []), blob]);
      const gitBlob = madeFrom.has(file) ? undefined : readOutcome(commit.message, file)?.gitBlob;
      if (gitBlob !== undefined) madeFrom.set(file, gitBlob);
    }
  }
  if (written.size === 0) return changes.map((change) => ({ change }));
  let syncedBlobs: Map<string, string> | undefined;
  const baseText = async (file: string): Promise<string> => {
    syncedBlobs ??= new Map((await repository.listTree(branch.synced)).map((entry) => [entry.path, entry.oid]));
    const oid = madeFrom.get(file) ?? syncedBlobs.get(file);
    return oid === undefined ? '' : decodeText(await repository.readBlob(oid));
  };
  const renamedFrom = new Map([...renamed].map(([from, to]) => [to, from]));
  const laid: BranchChange[] = [];
  for (const change of changes) {
    const from = written.has(change.path) ? change.path : (renamedFrom.get(change.path) ?? change.path);
    const blobs = written.get(from);
    if (blobs === undefined || change.bytes === null || wentLive.has(from)) {
      laid.push({ change });
      continue;
    }
    // Newest first: the branch's version at its tip, then the versions before it.
    const [tipBlob] = blobs;
    const blob = gitBlobOid(change.bytes);
    if (from === change.path && (blobs.includes(blob) || blobs.includes(heldInConflict(change.bytes)))) continue;
    if (tipBlob === blob) {
      laid.push({ change });
      continue;
    }
    const ours = tipBlob === undefined ? '' : relink(from, decodeText(await repository.readBlob(tipBlob)));
    if (heldLive.has(from) && firstMarkerLine(ours) === undefined) {
      laid.push({ change });
      continue;
    }
    const merged = await repository.mergeFile({ ours, base: await baseText(from), theirs: decodeText(change.bytes) }, LABELS);
    const bytes = new TextEncoder().encode(merged.text);
    const line = merged.conflicts === 0 ? undefined : firstMarkerLine(merged.text);
    laid.push({ change: { path: change.path, bytes }, ...(line === undefined ? {} : { conflictLine: line }) });
  }
  return laid;
}
