import { posix } from 'node:path';
import type { GitRepository } from '../../content/git-repository.js';
import type { SpaceTarget } from '../../config/config-schema.js';
import { outcomeLine, platformEditsBranch } from './keep-platform-edits.js';

/**
 * Of `paths` (pages in the docs root whose live version is not git's), those a sync left live as the
 * platform-edits branch on the remote holds them, by path and blob id, as the commit that last
 * changed each says: under `adopt` a page edited in the platform or merged; under `preserve` only a
 * clean merge, since a page kept from the platform alone goes back to git's. What a runner without
 * state knows of such pages instead of the state's record. One fetch of the branch; none of it when
 * the remote has no branch.
 */
export async function branchLeftLive(
  repository: GitRepository,
  target: Pick<SpaceTarget, 'name' | 'platformEdits' | 'platformEditsBranch' | 'platformEditsRemote'>,
  root: string,
  paths: readonly string[],
): Promise<Map<string, string>> {
  const held = new Map<string, string>();
  if (paths.length === 0 || !(await repository.hasRemote(target.platformEditsRemote))) return held;
  const tip = await repository.fetchBranch(target.platformEditsRemote, platformEditsBranch(target), `refs/docsync/platform-edits/${target.name}`);
  if (tip === undefined) return held;
  const folder = posix.join(repository.prefix, root).replace(/^\.$/, '');
  const onBranch = new Map((await repository.listTree(tip, folder)).map((entry) => [entry.path, entry.oid]));
  for (const path of paths) {
    const oid = onBranch.get(path);
    if (oid === undefined) continue;
    // The branch holds every file of the commit it started from: only the version a sync committed for the page counts.
    const file = posix.join(folder, path);
    const said = (await repository.lastMessage(tip, file))?.split('\n') ?? [];
    const outcomes = target.platformEdits === 'adopt' ? (['merged', 'edited'] as const) : (['merged'] as const);
    if (outcomes.some((outcome) => said.includes(outcomeLine({ file, outcome })))) held.set(path, oid);
  }
  return held;
}
