import { posix } from 'node:path';
import type { GitRepository } from '../../content/git/git-repository.js';
import { readOutcome, type KeptOutcome } from './outcome-line.js';

/**
 * Of `changed` (pages git changed or added since the commit `since`, by path in the docs root: git's
 * blob id; `based` says which the base has at that path), those whose git version a platform-edits
 * commit wrote as what a sync left live: git merged the branch, and holds the platform's own live
 * version of the page, not an edit of git's.
 * That version is their base: the platform changing the page again (or removing it) before the next
 * sync is the platform's edit alone. One `git log` for all pages.
 */
export async function mergedFromBranch(
  repository: Pick<GitRepository, 'history' | 'prefix'>,
  { root, platformEdits }: { readonly root: string; readonly platformEdits: 'preserve' | 'adopt' },
  { synced, since }: { readonly synced: string; readonly since: string },
  changed: ReadonlyMap<string, string>,
  based: (path: string) => boolean,
): Promise<Set<string>> {
  const merged = new Set<string>();
  if (changed.size === 0) return merged;
  // What a sync left live as the branch holds it: under `preserve` only a clean merge where git had
  // the page (git's version and place go live otherwise: a page the platform moved goes back).
  const leftLive = (path: string, outcome: KeptOutcome): boolean =>
    platformEdits === 'adopt' ? outcome === 'edited' || outcome === 'merged' : outcome === 'merged' && based(path);
  const folder = posix.join(repository.prefix, root).replace(/^\.$/, '');
  const newest = new Map<string, { blob: string | undefined; message: string }>();
  for (const commit of await repository.history(synced, since, folder))
    for (const [file, blob] of commit.files) if (!newest.has(file)) newest.set(file, { blob, message: commit.message });
  for (const [path, oid] of changed) {
    const file = posix.join(folder, path);
    const commit = newest.get(file);
    const said = commit === undefined ? undefined : readOutcome(commit.message, file);
    if (commit?.blob === oid && said !== undefined && leftLive(path, said.outcome)) merged.add(path);
  }
  return merged;
}
