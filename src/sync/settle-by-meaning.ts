import { isDeepStrictEqual } from 'node:util';
import pMap from 'p-map';
import type { ApiClient } from '../api/api-client.js';
import type { ContentTarget } from '../api/resources/content.js';
import type { Page, Revision } from '../api/schemas/content.js';
import type { ContentExpectation } from '../content/bundle/content-expectation.js';
import { nonEmpty, pageMeaning, type PageMeaning } from '../content/gitbook/page-meaning.js';
import type { PreparedContent } from './prepared-content.js';

/** Page reads in flight at once. */
const READS = 8;

/**
 * Pages live at their path with another blob id may still say the same: a folder written by `pull`,
 * or by another tool, words its frontmatter in its own YAML style. Those pages (and only those) are
 * read, one read each, and every one whose frontmatter and body mean what the live page holds is
 * expected with the live blob id, so that it counts as unchanged.
 */
export async function settleByMeaning(
  api: Pick<ApiClient, 'content'>,
  into: ContentTarget,
  content: Pick<PreparedContent, 'readMany'>,
  expectation: ContentExpectation & { kind: 'exact' },
  revision: Pick<Revision, 'pages' | 'files'>,
  changed: readonly string[],
  signal: AbortSignal | undefined,
): Promise<ContentExpectation & { kind: 'exact' }> {
  const live = livePagesByPath(revision.pages);
  const local = new Map<string, PageMeaning>();
  for await (const { path, bytes } of content.readMany(changed.filter((path) => live.has(path)))) {
    const meaning = pageMeaning(path, bytes);
    if (meaning !== undefined) local.set(path, meaning);
  }
  const filePaths = new Map(revision.files.flatMap((file) => (file.git ? [[file.id, file.git.path] as const] : [])));
  const paths = [...local.keys()];
  const same = new Map<string, string>();
  await pMap(
    paths,
    async (path) => {
      const page = live.get(path) as Page & { git: { oid: string } };
      const full = await api.content.getPage(into, page.id, { format: 'markdown', signal });
      if (isDeepStrictEqual(local.get(path), liveMeaning(full, filePaths))) same.set(path, page.git.oid);
    },
    { concurrency: READS },
  );
  if (same.size === 0) return expectation;
  return { ...expectation, pages: expectation.pages.map((page) => ({ path: page.path, oid: same.get(page.path) ?? page.oid })) };
}

/** Live document pages with a source file, by that file's path. */
function livePagesByPath(pages: readonly Page[]): Map<string, Page> {
  const found = new Map<string, Page>();
  const walk = (list: readonly Page[]): void => {
    for (const page of list) {
      if (page.type === 'document' && page.git) found.set(page.git.path, page);
      walk(page.pages ?? []);
    }
  };
  walk(pages);
  return found;
}

/** A live page in the terms of {@link pageMeaning}: its cover file by the path it came from. */
export function liveMeaning(page: Page, filePaths: ReadonlyMap<string, string>): PageMeaning | undefined {
  const ref = page.cover?.ref;
  const image = ref?.kind === 'file' && ref.file !== undefined ? filePaths.get(ref.file) : ref?.kind === 'url' ? ref.url : undefined;
  // A cover this comparison cannot name is never taken for the same.
  if (page.cover !== undefined && image === undefined) return undefined;
  return {
    description: nonEmpty(page.description),
    icon: nonEmpty(page.icon),
    hidden: page.hidden === true,
    cover: image === undefined ? undefined : { image, yPos: page.cover?.yPos ?? 0 },
    body: page.markdown ?? '',
  };
}
