import { decodeText } from '../../content/gitbook/clean-text.js';
import { ContentError } from '../../content/errors/content-error.js';
import { GitAbortedError } from '../../content/errors/git-aborted-error.js';
import { GitRepository } from '../../content/git/git-repository.js';
import type { SpaceTarget } from '../../config/config-schema.js';
import type { TargetState } from '../../state/state-store.js';
import { fetchBranchTip } from './fetch-branch-tip.js';

/** A file of the platform-edits branch still holding conflict markers, and the line of its first. */
export interface UnresolvedConflict {
  /** Path in the repository (from the top of the work tree). */
  readonly file: string;
  readonly line: number;
}

/**
 * Of the pages an earlier sync committed with conflict markers (`recorded`, the state's record of the
 * platform edits it kept), those whose markers are still on the platform-edits branch at its tip on
 * the remote: a run that finds nothing new to keep must not report success while they stand. None once
 * the branch is merged into the checked-out commit (resolved in git), or when it is gone. One fetch,
 * made only while such pages are recorded.
 */
export async function unresolvedConflicts(
  target: Pick<SpaceTarget, 'name' | 'directory' | 'platformEditsBranch' | 'platformEditsRemote'>,
  recorded: TargetState['platformEdits'],
  signal?: AbortSignal,
): Promise<UnresolvedConflict[]> {
  const conflicted = new Set(recorded?.pages.filter((page) => page.outcome === 'conflict').map((page) => page.file));
  if (conflicted.size === 0) return [];
  let repository: GitRepository;
  try {
    repository = await GitRepository.open(target.directory, { signal });
  } catch (error) {
    if (error instanceof ContentError && !(error instanceof GitAbortedError)) return [];
    throw error;
  }
  if (!(await repository.hasRemote(target.platformEditsRemote))) return [];
  const tip = await fetchBranchTip(repository, target);
  if (tip === undefined || (await repository.isAncestor(tip, await repository.resolveCommit('HEAD')))) return [];
  const unresolved: UnresolvedConflict[] = [];
  for (const entry of await repository.listTree(tip)) {
    if (!conflicted.has(entry.path)) continue;
    const index = decodeText(await repository.readBlob(entry.oid))
      .split('\n')
      .findIndex((line) => line.startsWith('<<<<<<< '));
    if (index >= 0) unresolved.push({ file: entry.path, line: index + 1 });
  }
  return unresolved;
}
