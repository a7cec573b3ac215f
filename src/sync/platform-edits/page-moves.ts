import type { Page } from '../../api/schemas/content.js';
import { relativeTo } from '../../content/gitbook/doc-path.js';
import { isHeadingKey, type DesiredGroup, type DesiredPage } from '../pages/page-plan.js';
import type { LaidOutPage, PullLayout } from '../pull/pull-layout.js';
import { livePathsOf } from '../pages/live-pages.js';

/** A page tree by path in the docs root: the table of contents' (`##` groups run together), or the space's. */
export interface PathTree {
  readonly path: string;
  readonly children: readonly PathTree[];
}

/** The pages of a table of contents as a path tree; heading pages (no file) left out, their pages in their place. */
export function pathTree(groups: readonly DesiredGroup[]): PathTree[] {
  const of = (pages: readonly DesiredPage[]): PathTree[] =>
    pages.flatMap((page) => (page.heading === true ? of(page.children) : [{ path: page.path, children: of(page.children) }]));
  return of(groups.flatMap((group) => group.pages));
}

/** Where docsync puts each page of a table of contents in the space: live path (slugs) by repo path. */
export function livePathsByPage(groups: readonly DesiredGroup[]): Map<string, string> {
  return new Map([...livePathsOf(groups)].map(([live, path]) => [path, live]));
}

/**
 * The pages the platform moved (to another parent, or among their siblings) since the base while git
 * left them where the base has them: pages at the same path on every side whose place in `live`
 * differs from the base's. Among siblings, the pages kept in order are the longest run in the base's
 * order; the others moved. Pure.
 */
export function platformMoves(live: readonly PathTree[], base: readonly PathTree[], git: readonly PathTree[]): string[] {
  const byGit = movedSince(base, git);
  return [...movedSince(base, live)].filter((path) => !byGit.has(path));
}

/** `tree` with the pages `rename` names (new path by path) at those paths. Pure. */
export function renamedTree(tree: readonly PathTree[], rename: ReadonlyMap<string, string>): PathTree[] {
  return tree.map((page) => ({ path: rename.get(page.path) ?? page.path, children: renamedTree(page.children, rename) }));
}

/** Pages of `now` that `before` has too, at another place. Pure. */
export function movedSince(before: readonly PathTree[], now: readonly PathTree[]): Set<string> {
  const [was, is] = [placesOf(before), placesOf(now)];
  const moved = new Set<string>();
  const siblings = new Map<string | undefined, string[]>();
  for (const [path, place] of is) {
    const then = was.get(path);
    if (then === undefined) continue;
    if (then.parent !== place.parent) moved.add(path);
    else siblings.set(place.parent, [...(siblings.get(place.parent) ?? []), path]);
  }
  for (const paths of siblings.values()) {
    const kept = new Set(longestIncreasing(paths.map((path) => was.get(path)?.index ?? 0)).map((at) => paths[at]));
    for (const path of paths) if (!kept.has(path)) moved.add(path);
  }
  return moved;
}

function placesOf(tree: readonly PathTree[]): Map<string, { parent: string | undefined; index: number }> {
  const places = new Map<string, { parent: string | undefined; index: number }>();
  const visit = (pages: readonly PathTree[], parent: string | undefined): void =>
    pages.forEach((page, index) => {
      if (!places.has(page.path)) places.set(page.path, { parent, index });
      visit(page.children, page.path);
    });
  visit(tree, undefined);
  return places;
}

/** The positions of a longest strictly increasing subsequence of `values` (patience sorting, n log n). */
function longestIncreasing(values: readonly number[]): number[] {
  const tails: number[] = [];
  const previous: number[] = [];
  values.forEach((value, at) => {
    let [low, high] = [0, tails.length];
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((values[tails[middle] ?? 0] ?? 0) < value) low = middle + 1;
      else high = middle;
    }
    previous[at] = low > 0 ? (tails[low - 1] ?? -1) : -1;
    tails[low] = at;
  });
  const run: number[] = [];
  for (let at = tails.at(-1) ?? -1; at >= 0; at = previous[at] ?? -1) run.unshift(at);
  return run;
}

/**
 * Of the pages docsync delivered (repo path by page id), those the platform moved or renamed: their
 * live path is neither where git's table of contents puts their page nor where the base's did
 * (`base`, asked only then). Without a base, a page stays as delivered. Each is then read as
 * a runner without state reads it: a page of the path its place gives it.
 */
export async function movedDelivered(
  pages: readonly Page[],
  delivered: ReadonlyMap<string, string>,
  gitGroups: readonly DesiredGroup[],
  base: () => Promise<{ readonly livePaths: ReadonlyMap<string, string> } | undefined>,
): Promise<Set<string>> {
  const gitLive = livePathsByPage(gitGroups);
  let baseLive: ReadonlyMap<string, string> | undefined;
  const wasAt = async (path: string): Promise<string | undefined> => {
    baseLive ??= new Map([...((await base())?.livePaths ?? [])].map(([live, repo]) => [repo, live]));
    return baseLive.get(path);
  };
  const moved = new Set<string>();
  const visit = async (list: readonly Page[]): Promise<void> => {
    for (const page of list) {
      const path = delivered.get(page.id);
      // A heading page (a group or an item without a link made a page) is docsync's own, and no file.
      if (page.type === 'document' && path !== undefined && !isHeadingKey(path) && page.path !== undefined && page.path !== gitLive.get(path)) {
        const there = await wasAt(path);
        if (there !== undefined && there !== page.path) moved.add(page.id);
      }
      await visit(page.pages ?? []);
    }
  };
  await visit(pages);
  return moved;
}

/** A laid-out space as a path tree (paths in the docs root). */
export function laidOutTree(layout: Pick<PullLayout, 'root' | 'groups'>): PathTree[] {
  const of = (pages: readonly LaidOutPage[]): PathTree[] =>
    pages.map((page) => ({ path: relativeTo(layout.root, page.file) ?? page.file, children: of(page.children) }));
  return of(layout.groups.flatMap((group) => group.pages));
}
