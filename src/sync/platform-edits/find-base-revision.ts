import type { ContentApi } from '../../api/resources/content.js';
import type { Page } from '../../api/schemas/content.js';

/** A document page of a revision as synced from git: its page id, source path and blob id. */
export interface SyncedPage {
  readonly pageId: string;
  readonly path: string;
  readonly oid: string;
}

/** Past revisions read at most, looking for the last one docsync imported. */
const MAX_READS = 25;

/**
 * The newest revision before `revision` in which every document page carries its git source (path and
 * blob id): what docsync last imported, before anyone edited pages in the platform (an edit made in
 * the editor drops the page's git source). Walks parents newest first (a merge's first); undefined
 * when none is found within {@link MAX_READS} reads.
 */
export async function findBaseRevision(
  api: Pick<ContentApi, 'getRevision'>,
  spaceId: string,
  revision: { readonly id: string; readonly parents: readonly string[] },
  signal?: AbortSignal,
): Promise<{ id: string; pages: SyncedPage[] } | undefined> {
  const queue = [...revision.parents];
  const seen = new Set([revision.id, ...queue]);
  for (let reads = 0; reads < MAX_READS && queue.length > 0; reads++) {
    const id = queue.shift() as string;
    const past = await api.getRevision({ spaceId, revision: id }, { signal });
    const pages = syncedPages(past.pages);
    if (pages !== undefined && pages.length > 0) return { id, pages };
    for (const parent of past.parents.filter((p) => !seen.has(p))) {
      seen.add(parent);
      queue.push(parent);
    }
  }
  return undefined;
}

/** Every document page with its git source; undefined when one has none. */
export function syncedPages(tree: readonly Page[]): SyncedPage[] | undefined {
  const found: SyncedPage[] = [];
  const walk = (pages: readonly Page[]): boolean =>
    pages.every((page) => {
      if (page.type === 'document') {
        if (page.git === undefined) return false;
        found.push({ pageId: page.id, path: page.git.path, oid: page.git.oid });
      }
      return walk(page.pages ?? []);
    });
  return walk(tree) ? found : undefined;
}
