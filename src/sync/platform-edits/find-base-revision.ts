import type { ContentApi } from '../../api/resources/content.js';
import type { Page } from '../../api/schemas/content.js';

/** A document page of a revision as synced from git: its page id, source path, blob id and title there. */
export interface SyncedPage {
  readonly pageId: string;
  readonly path: string;
  readonly oid: string;
  readonly title: string;
}

/** Past revisions read at most, looking for the last one docsync imported. */
const MAX_READS = 25;

/**
 * What docsync last imported, before anyone edited pages in the platform: the revision `imported`
 * names (the one docsync's last merge made) while every document page there carries its git source
 * (path and blob id). Else the newest revision before `revision` in which every one does (an edit made
 * in the editor drops the page's git source, but a page removed there leaves the others theirs, so
 * this one can be an edit of the platform's). Walks parents newest first (a merge's first); undefined
 * when none is found within {@link MAX_READS} reads.
 */
export async function findBaseRevision(
  api: Pick<ContentApi, 'getRevision'>,
  spaceId: string,
  revision: { readonly id: string; readonly parents: readonly string[]; readonly pages: readonly Page[] },
  { imported, signal }: { imported?: (() => Promise<string | undefined>) | undefined; signal?: AbortSignal | undefined } = {},
): Promise<{ id: string; pages: SyncedPage[] } | undefined> {
  const importedId = await imported?.();
  if (importedId !== undefined) {
    const tree = importedId === revision.id ? revision.pages : (await api.getRevision({ spaceId, revision: importedId }, { signal })).pages;
    const pages = syncedPages(tree);
    if (pages !== undefined && pages.length > 0) return { id: importedId, pages };
  }
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
        found.push({ pageId: page.id, path: page.git.path, oid: page.git.oid, title: page.title });
      }
      return walk(page.pages ?? []);
    });
  return walk(tree) ? found : undefined;
}
