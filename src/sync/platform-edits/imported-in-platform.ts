import type { Page } from '../../api/schemas/content.js';

/**
 * The document pages whose git source names a blob that neither git (`gitOids`, by path) nor the base
 * (`baseOids`) holds for that page, and that the repository does not have at all: content a zip import
 * made in the platform, not a version docsync synced. By id; such a page is read as edited. Asks the
 * repository only for blobs that differ.
 */
export async function importedInPlatform(
  pages: readonly Page[],
  gitOids: ReadonlyMap<string, string>,
  baseOids: ReadonlyMap<string, string>,
  readBlob: ((oid: string) => Promise<Uint8Array | undefined>) | undefined,
): Promise<Set<string>> {
  const imported = new Set<string>();
  if (readBlob === undefined) return imported;
  const visit = async (list: readonly Page[]): Promise<void> => {
    for (const page of list) {
      const git = page.type === 'document' ? page.git : undefined;
      if (git !== undefined && git.oid !== gitOids.get(git.path) && git.oid !== baseOids.get(git.path) && (await readBlob(git.oid)) === undefined)
        imported.add(page.id);
      await visit(page.pages ?? []);
    }
  };
  await visit(pages);
  return imported;
}

/**
 * Whether the space's pages carry their git source (the seed's API) and lack a page git has: one
 * removed in the platform, or new in git, which only the base tells apart.
 */
export function lacksGitPage(pages: readonly Page[], gitOids: ReadonlyMap<string, string>): boolean {
  const sourced = new Set<string>();
  const visit = (list: readonly Page[]): void =>
    list.forEach((page) => {
      if (page.type === 'document' && page.git !== undefined) sourced.add(page.git.path);
      visit(page.pages ?? []);
    });
  visit(pages);
  return sourced.size > 0 && [...gitOids.keys()].some((path) => !sourced.has(path));
}
