import type { ContentApi } from '../../api/resources/content.js';
import type { Page, Revision } from '../../api/schemas/content.js';
import { documentPages } from './live-documents.js';

/**
 * Of the live pages carrying their git source (the seed's API), the ids of those whose blob is neither
 * git's for them, nor the state's base's, nor one a sync left live (`held`), each by path, nor the one
 * docsync's last merge made (`imported`, a revision id): content a zip import made in the platform
 * brought. docsync's own imports, from any runner, go in by its change requests, whose merges it
 * finds. Asks nothing while every such page holds a known blob; none when no merge of docsync's is found.
 */
export async function importedInPlatform(
  api: Pick<ContentApi, 'getRevision'>,
  spaceId: string,
  main: Pick<Revision, 'id' | 'pages'>,
  known: { readonly git: ReadonlyMap<string, string>; readonly base: ReadonlyMap<string, string>; readonly held: ReadonlyMap<string, string> },
  imported: () => Promise<string | undefined>,
  signal?: AbortSignal,
): Promise<Set<string>> {
  const apart = documentPages(main.pages).filter((page) => {
    const source = page.git;
    return source !== undefined && [known.git, known.base, known.held].every((oids) => oids.get(source.path) !== source.oid);
  });
  const id = apart.length === 0 ? undefined : await imported();
  if (id === undefined) return new Set();
  const tree: readonly Page[] = id === main.id ? main.pages : (await api.getRevision({ spaceId, revision: id }, { signal })).pages;
  const ours = new Map(documentPages(tree).flatMap((page) => (page.git === undefined ? [] : [[page.git.path, page.git.oid] as const])));
  return new Set(apart.flatMap((page) => (page.git !== undefined && ours.get(page.git.path) !== page.git.oid ? [page.id] : [])));
}
