import { posix } from 'node:path';
import { decodeText } from '../../content/gitbook/clean-text.js';
import type { GitRepository } from '../../content/git/git-repository.js';
import type { SpaceTarget } from '../../config/config-schema.js';
import { fetchBranchTip } from './fetch-branch-tip.js';
import { readOutcome } from './outcome-line.js';

/** A page an `adopt` sync left live whose platform-edits commit git has merged since. */
export interface TakenInPage {
  /** What that sync left live: the platform's version (its side of the conflict markers), or the merge. */
  readonly live: string;
  /** Blob id git held for the page then, as the commit's message names it. */
  readonly gitBlob: string | undefined;
}

/**
 * Under `adopt`, without state: of `paths`, the pages a sync left live (edited in the platform,
 * merged, or in conflict, the platform's version live) whose platform-edits commit the synced commit
 * has merged, by path, as the newest of the branch's commits since `since` (the commit docsync last
 * imported) that says what became of each tells. What a runner with state knows from its record of
 * the last platform edits it kept: git's version then goes live once git changed the page (the
 * conflict resolved in git). A page in conflict counts only when its markers are the first sync's
 * (git's against the platform's), whose platform side is what went live. One fetch of the branch and
 * one `git log`, none once the branch holds commits git has not merged.
 */
export async function takenInLeftLive(
  repository: GitRepository,
  target: Pick<SpaceTarget, 'name' | 'platformEdits' | 'platformEditsBranch' | 'platformEditsRemote'>,
  root: string,
  { synced, since }: { readonly synced: string; readonly since: () => Promise<string | undefined> },
  paths: readonly string[],
): Promise<Map<string, TakenInPage>> {
  const taken = new Map<string, TakenInPage>();
  if (paths.length === 0 || target.platformEdits !== 'adopt' || !(await repository.hasRemote(target.platformEditsRemote))) return taken;
  const tip = await fetchBranchTip(repository, target);
  if (tip === undefined || !(await repository.isAncestor(tip, synced))) return taken;
  const from = await since();
  if (from === undefined) return taken;
  const folder = posix.join(repository.prefix, root).replace(/^\.$/, '');
  const history = await repository.history(tip, from, folder);
  for (const path of paths) {
    const file = posix.join(folder, path);
    const commit = history.find((each) => readOutcome(each.message, file) !== undefined);
    const said = commit === undefined ? undefined : readOutcome(commit.message, file);
    const blob = commit?.files.get(file);
    if (said === undefined || blob === undefined || !['edited', 'merged', 'conflict'].includes(said.outcome)) continue;
    const text = decodeText(await repository.readBlob(blob));
    const live = said.outcome === 'conflict' ? platformSide(text) : text;
    if (live !== undefined) taken.set(path, { live, gitBlob: said.gitBlob });
  }
  return taken;
}

/** The platform's side of a text with git's and the platform's conflict markers; undefined for other markers. */
export function platformSide(text: string): string | undefined {
  const kept: string[] = [];
  let side: 'both' | 'git' | 'platform' = 'both';
  for (const line of text.split('\n')) {
    if (side === 'both' && line.startsWith('<<<<<<< ')) {
      if (line !== '<<<<<<< git') return undefined;
      side = 'git';
    } else if (side === 'git' && line === '=======') side = 'platform';
    else if (side === 'platform' && line.startsWith('>>>>>>> ')) {
      if (line !== '>>>>>>> platform') return undefined;
      side = 'both';
    } else if (side !== 'git') kept.push(line);
  }
  return side === 'both' ? kept.join('\n') : undefined;
}
