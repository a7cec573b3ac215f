import type { PageRecord } from '../state/records.js';

/** Where a page of a tree sits: the record and its parent's id (undefined at the root). */
export interface PageEntry {
  readonly page: PageRecord;
  readonly parent: string | undefined;
}

/** A page tree's pages by id, and its document pages' ids by path (the first one where paths repeat). */
export interface PageIndex {
  readonly byId: ReadonlyMap<string, PageEntry>;
  readonly byPath: ReadonlyMap<string, string>;
}

/** An index the caller owns, and may change to describe another tree. */
export interface OwnedPageIndex {
  readonly byId: Map<string, PageEntry>;
  readonly byPath: Map<string, string>;
}

/** Revisions never change, so their index is kept for the few trees content batches touch in a row. */
const RECENT = 16;
const recent = new Map<readonly PageRecord[], OwnedPageIndex>();

/** The index of a revision's page tree, walked once and kept while it is among the recent ones. */
export function pageIndex(pages: readonly PageRecord[]): PageIndex {
  return recent.get(pages) ?? rememberPageIndex(pages, walk(pages));
}

/**
 * The index of a tree a content batch replaces, handed over (no longer kept for that tree): the batch
 * writes its changes into it for the new tree instead of copying every entry, so its cost follows
 * the pages it touched, not the space. The old tree's index is walked again if it is ever asked for.
 */
export function takePageIndex(pages: readonly PageRecord[]): OwnedPageIndex {
  const index = recent.get(pages) ?? walk(pages);
  recent.delete(pages);
  return index;
}

/** Keeps the index of a tree built elsewhere (a content batch's result), so the next batch need not walk it. */
export function rememberPageIndex(pages: readonly PageRecord[], index: OwnedPageIndex): PageIndex {
  recent.delete(pages);
  recent.set(pages, index);
  for (const oldest of recent.keys()) {
    if (recent.size <= RECENT) break;
    recent.delete(oldest);
  }
  return index;
}

function walk(pages: readonly PageRecord[]): OwnedPageIndex {
  const byId = new Map<string, PageEntry>();
  const byPath = new Map<string, string>();
  const visit = (list: readonly PageRecord[], parent: string | undefined): void => {
    for (const page of list) {
      byId.set(page.id, { page, parent });
      if (page.type === 'document' && !byPath.has(page.path)) byPath.set(page.path, page.id);
      visit(page.pages, page.id);
    }
  };
  visit(pages, undefined);
  return { byId, byPath };
}
