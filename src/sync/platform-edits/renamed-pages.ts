/**
 * Pages the platform holds at another path than the base's (given a new slug, or moved under another
 * page, themselves or an ancestor) while git keeps them where the base has them: each base path git
 * still has and the space no longer does, by the new path whose platform version is the base's
 * version of it. Told by content, as a runner without state tells it (a page also edited there is
 * not told); each new path pairs with one base path at most.
 */
export async function renamedInPlatform(
  sides: {
    /** Blob ids by path. */
    readonly base: ReadonlyMap<string, string>;
    readonly git: ReadonlyMap<string, string>;
    /** Fingerprints by path. */
    readonly platform: ReadonlyMap<string, string>;
  },
  live: ReadonlySet<string>,
  fingerprintOf: (oid: string, path: string) => Promise<string>,
): Promise<Map<string, string>> {
  const renamed = new Map<string, string>();
  const gone = [...sides.base].filter(([path]) => sides.git.has(path) && !live.has(path));
  if (gone.length === 0) return renamed;
  const fresh = [...sides.platform].filter(([path]) => !sides.base.has(path) && !sides.git.has(path));
  const taken = new Set<string>();
  for (const [path, oid] of gone) {
    for (const [to, side] of fresh) {
      if (taken.has(to) || (await fingerprintOf(oid, to)) !== side) continue;
      renamed.set(path, to);
      taken.add(to);
      break;
    }
  }
  return renamed;
}
