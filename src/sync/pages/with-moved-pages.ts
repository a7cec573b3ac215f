import type { Delivered } from './send-batches.js';

/**
 * The record of what docsync delivered with each page of `moved` (repo path by page id) recorded at
 * that path, of content unknown (compared with the repo's before it is sent again): the page is the
 * repo's page there, moved rather than replaced, so it keeps its id. Without a record, one of those
 * pages alone. Pure.
 */
export function withMovedPages(delivered: Delivered | undefined, moved: ReadonlyMap<string, string>): Delivered | undefined {
  if (moved.size === 0) return delivered;
  const pages = new Map([...(delivered?.pages ?? [])].filter(([path, page]) => !moved.has(page.id) && ![...moved.values()].includes(path)));
  for (const [id, path] of moved) pages.set(path, { id, hash: undefined });
  return { pages, files: new Map(delivered?.files ?? []) };
}
