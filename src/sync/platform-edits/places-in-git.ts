import type { LivePlace } from './live-places.js';

/**
 * Live places with the pages git moved since the base (a file renamed, its blob the same: no other
 * page has either path) named by git's path, where the branch's `SUMMARY.md` lists them. Pure.
 */
export function placesInGit(
  places: ReadonlyMap<string, LivePlace>,
  base: ReadonlyMap<string, string>,
  git: ReadonlyMap<string, string>,
): ReadonlyMap<string, LivePlace> {
  const added = new Map<string, string[]>();
  for (const [path, oid] of git) if (!base.has(path)) added.set(oid, [...(added.get(oid) ?? []), path]);
  const renamed = new Map<string, string>();
  for (const [path, oid] of base) {
    const to = git.has(path) ? undefined : added.get(oid);
    if (to?.length === 1 && to[0] !== undefined) renamed.set(path, to[0]);
  }
  if (renamed.size === 0) return places;
  const inGit = (path: string | undefined): string | undefined => (path === undefined ? undefined : (renamed.get(path) ?? path));
  return new Map(
    [...places].map(([path, place]) => [
      inGit(path) ?? path,
      {
        ...(place.parent === undefined ? {} : { parent: inGit(place.parent) }),
        ...(place.after === undefined ? {} : { after: inGit(place.after) }),
        ...(place.before === undefined ? {} : { before: inGit(place.before) }),
      },
    ]),
  );
}
