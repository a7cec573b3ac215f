import { createHash } from 'node:crypto';
import type { ContentApi, ContentTarget } from '../api/resources/content.js';
import type { Page } from '../api/schemas/content.js';
import type { DocsSnapshot, PageNode } from '../content/docs-snapshot.js';

/** Pages an import would add, change or remove, by path in the docs root. */
export interface PageDiff {
  added: string[];
  changed: string[];
  removed: string[];
  unchanged: number;
}

/** The id git gives a file's bytes; synced pages carry it as `git.oid`, so no page has to be fetched. */
function gitBlobOid(bytes: Uint8Array): string {
  return createHash('sha1').update(`blob ${bytes.byteLength}\0`).update(bytes).digest('hex');
}

/**
 * Compares the local pages with the live ones (the change request's, or the space's): matched by
 * `git.path`, changed when the blob ids differ. One read of the live page list; local page files
 * are read to compute their blob ids, which only a dry run asks for.
 */
export async function diffLivePages(
  content: Pick<ContentApi, 'listPages'>,
  target: ContentTarget,
  snapshot: DocsSnapshot,
  readFile: (path: string) => Promise<Uint8Array>,
  signal?: AbortSignal,
): Promise<PageDiff> {
  const live = new Map<string, string | undefined>();
  const walkLive = (pages: readonly Page[]): void => {
    for (const page of pages) {
      if (page.git?.path) live.set(page.git.path, page.git.oid);
      walkLive(page.pages ?? []);
    }
  };
  walkLive(await content.listPages(target, { signal }));

  const local: string[] = [];
  const walkLocal = (pages: readonly PageNode[]): void => {
    for (const page of pages) {
      local.push(page.path);
      walkLocal(page.children);
    }
  };
  for (const group of snapshot.pages) walkLocal(group.pages);

  const diff: PageDiff = { added: [], changed: [], removed: [], unchanged: 0 };
  for (const path of local) {
    if (!live.has(path)) diff.added.push(path);
    else if (live.get(path) === gitBlobOid(await readFile(path))) diff.unchanged += 1;
    else diff.changed.push(path);
    live.delete(path);
  }
  diff.removed = [...live.keys()].sort();
  return diff;
}
