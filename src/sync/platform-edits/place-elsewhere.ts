import type { PagesByPath } from './page-sides.js';

export interface PlaceElsewhereInput extends PagesByPath {
  /** The base's blob ids: a page both sides moved to one path is re-keyed there. */
  readonly base: Map<string, string>;
  /** The live pages' paths, by id. */
  readonly liveById: () => ReadonlyMap<string, string>;
  /** Each side's version of each page, and the platform's markdown (see page-sides.ts): re-keyed in place. */
  readonly sides: { readonly base: Map<string, string>; readonly platform: Map<string, string> };
  readonly markdown: Map<string, string>;
  readonly baseFingerprint: (path: string, oid: string) => Promise<string>;
  /** The base path of each page, by id (asked at most once). */
  readonly basePathById: () => Promise<ReadonlyMap<string, string>>;
}

/** Pages of the base held at another place live, base path → live path; `editedElsewhere`, those the platform edited too. */
export interface PlacedElsewhere {
  readonly placedElsewhere: Map<string, string>;
  readonly editedElsewhere: Map<string, string>;
}

/**
 * Pages of the base that are neither at their path live nor in git: where the platform holds each.
 * The platform's version of such a page is named by its base path from then on.
 */
export async function placeElsewhere(input: PlaceElsewhereInput): Promise<PlacedElsewhere> {
  // A page the platform moved or gave a new slug (itself or an ancestor) that git moved or removed as
  // well: git's move or removal wins. The platform's page at its new place, as the base had it, is no
  // page of its own: it is the base's page, still held by the platform, which git changed.
  const gone = [...input.base].filter(([path]) => !input.git.has(path) && !input.live.has(path));
  const placedElsewhere = new Map<string, string>();
  for (const [path, side] of gone.length === 0 ? [] : input.sides.platform) {
    if (input.sides.base.has(path) || input.git.has(path)) continue;
    for (const [from, oid] of gone)
      if (!placedElsewhere.has(from) && (await input.fingerprints.ofOid(oid, path)) === side) {
        placedElsewhere.set(from, path);
        break;
      }
  }
  // One the platform edited too is told by its id: the base's page, which both sides changed.
  const editedElsewhere = new Map<string, string>();
  if (gone.some(([from]) => !placedElsewhere.has(from))) {
    const liveById = input.liveById();
    const taken = new Set(placedElsewhere.values());
    for (const [id, from] of await input.basePathById()) {
      const path = liveById.get(id);
      if (path === undefined || placedElsewhere.has(from) || taken.has(path) || !gone.some(([each]) => each === from)) continue;
      if (input.sides.base.has(path) || input.git.has(path) || !input.sides.platform.has(path)) continue;
      placedElsewhere.set(from, path);
      editedElsewhere.set(from, path);
    }
  }
  // A page both sides moved to the same path (git took the platform's move from the branch, say):
  // the base's page, at that path on every side. Told by what it holds, or by its id.
  for (const [path, side] of gone.length === placedElsewhere.size ? [] : input.sides.platform) {
    if (input.sides.base.has(path) || !input.git.has(path)) continue;
    const id = input.live.get(path)?.page.id;
    for (const [from, oid] of gone) {
      if (placedElsewhere.has(from) || !input.base.has(from)) continue;
      if ((await input.fingerprints.ofOid(oid, path)) !== side && (id === undefined || (await input.basePathById()).get(id) !== from)) continue;
      input.sides.base.set(path, await input.baseFingerprint(path, oid));
      input.sides.base.delete(from);
      input.base.set(path, oid);
      input.base.delete(from);
      break;
    }
  }
  for (const [from, path] of placedElsewhere) {
    const [side, text] = [input.sides.platform.get(path), input.markdown.get(path)];
    input.sides.platform.delete(path);
    input.markdown.delete(path);
    const base = input.sides.base.get(from);
    const kept = editedElsewhere.has(from) ? side : base;
    if (kept !== undefined) input.sides.platform.set(from, kept);
    if (editedElsewhere.has(from) && text !== undefined) input.markdown.set(from, text);
  }
  return { placedElsewhere, editedElsewhere };
}
