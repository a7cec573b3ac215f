import { relativeTo } from '../../content/gitbook/doc-path.js';
import type { LaidOutPage, PullLayout } from '../pull/pull-layout.js';

/** Where a live page is in the page tree, by the paths (in the docs root) of the pages around it. */
export interface LivePlace {
  /** The page it is a child of; undefined at the top of its group. */
  readonly parent?: string;
  /** Its previous sibling; undefined for a first child. */
  readonly after?: string;
  /** Its next sibling; undefined for a last child. */
  readonly before?: string;
}

/** The place of every document page of a laid-out space, by path in the docs root. Pure. */
export function livePlaces(layout: Pick<PullLayout, 'root' | 'groups'>): Map<string, LivePlace> {
  const places = new Map<string, LivePlace>();
  const pathOf = (page: LaidOutPage): string => relativeTo(layout.root, page.file) ?? page.file;
  const visit = (siblings: readonly LaidOutPage[], parent: string | undefined): void => {
    siblings.forEach((page, index) => {
      const [previous, next] = [siblings[index - 1], siblings[index + 1]];
      places.set(pathOf(page), {
        ...(parent === undefined ? {} : { parent }),
        ...(previous === undefined ? {} : { after: pathOf(previous) }),
        ...(next === undefined ? {} : { before: pathOf(next) }),
      });
      visit(page.children, pathOf(page));
    });
  };
  for (const group of layout.groups) visit(group.pages, undefined);
  return places;
}

/** The places with the pages of `rename` (new path by old) named by their new paths, where they are and around others. Pure. */
export function renamedPlaces(places: ReadonlyMap<string, LivePlace>, rename: ReadonlyMap<string, string>): ReadonlyMap<string, LivePlace> {
  if (rename.size === 0) return places;
  const named = (path: string | undefined): string | undefined => (path === undefined ? undefined : (rename.get(path) ?? path));
  return new Map(
    [...places].map(([path, { parent, after, before }]) => {
      const [p, a, b] = [named(parent), named(after), named(before)];
      return [
        named(path) ?? path,
        { ...(p === undefined ? {} : { parent: p }), ...(a === undefined ? {} : { after: a }), ...(b === undefined ? {} : { before: b }) },
      ];
    }),
  );
}
