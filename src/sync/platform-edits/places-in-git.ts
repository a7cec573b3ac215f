import type { LivePlace } from './live-places.js';
import type { PathTree } from './page-moves.js';

/**
 * Live places with the pages git moved since the base (a file renamed, its blob the same: no other
 * page has either path; or one of `alike`, renames with edits, git's path by base path) named by
 * git's path, where the branch's `SUMMARY.md` lists them: as a parent always, as a sibling only where
 * git's tree still has it beside the page (else the next sibling on that side). Pure.
 */
export function placesInGit(
  places: ReadonlyMap<string, LivePlace>,
  base: ReadonlyMap<string, string>,
  git: ReadonlyMap<string, string>,
  gitTree: readonly PathTree[],
  alike: ReadonlyMap<string, string> = new Map(),
): ReadonlyMap<string, LivePlace> {
  const added = new Map<string, string[]>();
  for (const [path, oid] of git) if (!base.has(path)) added.set(oid, [...(added.get(oid) ?? []), path]);
  const renamed = new Map<string, string>();
  for (const [path, oid] of base) {
    const to = git.has(path) ? undefined : added.get(oid);
    if (to?.length === 1 && to[0] !== undefined) renamed.set(path, to[0]);
  }
  const taken = new Set(renamed.values());
  for (const [from, to] of alike) if (!renamed.has(from) && !taken.has(to)) renamed.set(from, to);
  if (renamed.size === 0) return places;
  const gitParent = new Map<string, string | undefined>();
  const visit = (pages: readonly PathTree[], parent: string | undefined): void =>
    pages.forEach((page) => {
      gitParent.set(page.path, parent);
      visit(page.children, page.path);
    });
  visit(gitTree, undefined);
  const inGit = (path: string): string => renamed.get(path) ?? path;
  // A sibling git moved away is passed over for the next one on that side.
  const beside = (side: 'after' | 'before', from: string | undefined, parent: string | undefined): string | undefined => {
    const seen = new Set<string>();
    for (let sibling = from; sibling !== undefined && !seen.has(sibling); sibling = places.get(sibling)?.[side]) {
      seen.add(sibling);
      const to = renamed.get(sibling);
      if (to === undefined || gitParent.get(to) === parent) return to ?? sibling;
    }
    return undefined;
  };
  return new Map(
    [...places].map(([path, place]) => {
      const parent = place.parent === undefined ? undefined : inGit(place.parent);
      const [after, before] = [beside('after', place.after, parent), beside('before', place.before, parent)];
      return [
        inGit(path),
        { ...(parent === undefined ? {} : { parent }), ...(after === undefined ? {} : { after }), ...(before === undefined ? {} : { before }) },
      ];
    }),
  );
}
