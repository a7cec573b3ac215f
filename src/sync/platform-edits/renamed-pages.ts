import { renameSimilarity, RENAME_THRESHOLD } from '../../content/git/rename-similarity.js';
import type { PageChange } from './classify-pages.js';

/**
 * Pages the platform holds at another path than the base's (given a new slug, or moved under another
 * page, themselves or an ancestor) while git keeps them where the base has them: each base path git
 * still has and the space no longer does, by the new path of the same page. The same page is told by
 * its id (`sameId`: the live path of each base page whose id is known, by base path), so a page the
 * platform edited too is told; else by content (the new path's platform version is the base's
 * version). Each new path pairs with one base path at most.
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
  sameId: ReadonlyMap<string, string>,
  fingerprintOf: (oid: string, path: string) => Promise<string>,
): Promise<Map<string, string>> {
  const renamed = new Map<string, string>();
  const gone = [...sides.base].filter(([path]) => sides.git.has(path) && !live.has(path));
  if (gone.length === 0) return renamed;
  const fresh = new Map([...sides.platform].filter(([path]) => !sides.base.has(path) && !sides.git.has(path)));
  const taken = new Set<string>();
  for (const [path] of gone) {
    const to = sameId.get(path);
    if (to === undefined || !fresh.has(to)) continue;
    renamed.set(path, to);
    taken.add(to);
  }
  for (const [path, oid] of gone) {
    if (renamed.has(path)) continue;
    for (const [to, side] of fresh) {
      if (taken.has(to) || (await fingerprintOf(oid, to)) !== side) continue;
      renamed.set(path, to);
      taken.add(to);
      break;
    }
  }
  return renamed;
}

/**
 * The changes with each renamed page git changed (`renamed`: new path by base path) taken as one page
 * the platform moved: its base path left by the platform (removed there), its new path changed on both
 * sides, from the base's and git's versions of the page, so the two merge. Where git left the page
 * alone, the new path is the platform's as it is. Pure.
 */
export function movedAndEdited(changes: readonly PageChange[], renamed: ReadonlyMap<string, string>): PageChange[] {
  const byPath = new Map(changes.map((change) => [change.path, change]));
  const paired = new Map<string, PageChange>();
  for (const [from, to] of renamed) {
    const left = byPath.get(from);
    if (left === undefined || left.git === left.base) continue;
    paired.set(from, { ...left, kind: 'platform', platform: undefined });
    paired.set(to, { path: to, kind: 'both', base: left.base, git: left.git, platform: byPath.get(to)?.platform });
  }
  return paired.size === 0 ? [...changes] : changes.map((change) => paired.get(change.path) ?? change);
}

/**
 * Pages git moved (renamed, with or without edits) since the base: each of the base paths `among`
 * that git no longer has, by git's new path of the page (one the base lacks and the platform has no
 * page at). Paired as git's rename detection pairs them: by similarity of the base's and git's
 * versions ({@link renameSimilarity}, at least {@link RENAME_THRESHOLD}), best first, each path once.
 */
export async function renamedInGit(
  sides: {
    /** Blob ids by path. */
    readonly base: ReadonlyMap<string, string>;
    readonly git: ReadonlyMap<string, string>;
  },
  among: ReadonlySet<string>,
  live: ReadonlySet<string>,
  textOf: (oid: string) => Promise<string | undefined>,
): Promise<Map<string, string>> {
  const renamed = new Map<string, string>();
  const gone = [...sides.base].filter(([path]) => !sides.git.has(path) && among.has(path));
  const added = [...sides.git].filter(([path]) => !sides.base.has(path) && !live.has(path));
  if (gone.length === 0 || added.length === 0) return renamed;
  const pairs: { from: string; to: string; score: number }[] = [];
  for (const [from, baseOid] of gone) {
    const before = await textOf(baseOid);
    for (const [to, gitOid] of added) {
      const after = gitOid === baseOid ? before : await textOf(gitOid);
      const score = gitOid === baseOid ? 1 : before === undefined || after === undefined ? 0 : renameSimilarity(before, after);
      if (score >= RENAME_THRESHOLD) pairs.push({ from, to, score });
    }
  }
  const taken = new Set<string>();
  for (const { from, to } of pairs.sort((a, b) => b.score - a.score)) {
    if (renamed.has(from) || taken.has(to)) continue;
    renamed.set(from, to);
    taken.add(to);
  }
  return renamed;
}

/**
 * The changes with each page git renamed that the platform changed (`renamed`: git's path by base
 * path) taken as one page at git's path: its base path left out (git's commit has no file there),
 * its change at git's path the one given (`atGitPath`: the base's and the platform's versions from
 * the base path, git's from its path). Pure.
 */
export function renamedAndEdited(
  changes: readonly PageChange[],
  renamed: ReadonlyMap<string, string>,
  atGitPath: ReadonlyMap<string, PageChange>,
): PageChange[] {
  if (renamed.size === 0) return [...changes];
  const from = new Set(renamed.keys());
  return changes.filter((change) => !from.has(change.path)).map((change) => atGitPath.get(change.path) ?? change);
}

/**
 * Of `held` (docsync's open change request holds git's moves: path by page id), each page at a path
 * git moved a page of the base to, by the base path it was moved from: that page, still at its old
 * place in main. `moves` (base path → git's path) is asked only when there is one.
 */
export async function fromGitMoves(
  held: ReadonlyMap<string, string> | undefined,
  moves: () => Promise<ReadonlyMap<string, string>>,
): Promise<Map<string, string>> {
  if (held === undefined || held.size === 0) return new Map();
  const from = new Map([...(await moves())].map(([base, git]) => [git, base]));
  return new Map(
    [...held].flatMap(([id, path]) => {
      const base = from.get(path);
      return base === undefined ? [] : [[id, base] as const];
    }),
  );
}
