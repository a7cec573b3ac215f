import { firstMarkerLine } from './first-marker-line.js';
import { decodeText } from '../../content/gitbook/clean-text.js';
import { ContentError } from '../../content/errors/content-error.js';
import { GitAbortedError } from '../../content/errors/git-aborted-error.js';
import { GitRepository } from '../../content/git/git-repository.js';
import type { SpaceTarget } from '../../config/config-schema.js';
import type { TargetState } from '../../state/state-store.js';
import { branchRecords } from './branch-records.js';
import { fetchBranchTip } from './fetch-branch-tip.js';

/** A file of the platform-edits branch still holding conflict markers, and the line of its first. */
export interface UnresolvedConflict {
  /** Path in the repository (from the top of the work tree). */
  readonly file: string;
  readonly line: number;
}

/**
 * Of the pages an earlier sync committed with conflict markers, those whose markers are still on the
 * platform-edits branch at its tip on the remote: a run that finds nothing new to keep must not report
 * success while they stand. A runner with state knows those pages from its record of the platform
 * edits it kept (`recorded`), and fetches only while it records such pages; a runner without state
 * (`recorded` is `'unknown'`) fetches the branch and reads them from its commits' messages, so it
 * decides alike. None once the branch is merged into the checked-out commit (resolved in git), or
 * when it is gone.
 */
export async function unresolvedConflicts(
  target: Pick<SpaceTarget, 'name' | 'directory' | 'platformEditsBranch' | 'platformEditsRemote'>,
  recorded: TargetState['platformEdits'] | 'unknown',
  signal?: AbortSignal,
): Promise<UnresolvedConflict[]> {
  const known = recorded === 'unknown' ? undefined : new Set(recorded?.pages.filter((page) => page.outcome === 'conflict').map((page) => page.file));
  if (known?.size === 0) return [];
  let repository: GitRepository;
  try {
    repository = await GitRepository.open(target.directory, { signal });
  } catch (error) {
    if (error instanceof ContentError && !(error instanceof GitAbortedError)) return [];
    throw error;
  }
  if (!(await repository.hasRemote(target.platformEditsRemote))) return [];
  const tip = await fetchBranchTip(repository, target);
  const head = await repository.resolveCommit('HEAD');
  if (tip === undefined || (await repository.isAncestor(tip, head))) return [];
  return standingConflicts(repository, tip, head, known);
}

/**
 * The files of the branch's `tip` still holding conflict markers that its commits since `synced` (or
 * `known`) say were committed in conflict, with the line of the first marker.
 */
export async function standingConflicts(
  repository: Pick<GitRepository, 'history' | 'listTree' | 'readBlob' | 'prefix'>,
  tip: string,
  synced: string,
  known?: ReadonlySet<string>,
): Promise<UnresolvedConflict[]> {
  const conflicted =
    known ??
    new Set([...(await branchRecords(repository, tip, synced, repository.prefix))].flatMap(([file, record]) => (record.outcome === 'conflict' ? [file] : [])));
  const unresolved: UnresolvedConflict[] = [];
  if (conflicted.size === 0) return unresolved;
  for (const entry of await repository.listTree(tip)) {
    if (!conflicted.has(entry.path)) continue;
    const line = firstMarkerLine(decodeText(await repository.readBlob(entry.oid)));
    if (line !== undefined) unresolved.push({ file: entry.path, line });
  }
  return unresolved;
}
