import { setImmediate as nextTurn } from 'node:timers/promises';
import type { ApiClient } from '../api/api-client.js';
import type { Page } from '../api/schemas/content.js';
import type { ContentExpectation } from '../content/bundle/content-expectation.js';
import type { PageNode } from '../content/gitbook/docs-snapshot.js';
import { verifyContent, type Verification } from '../content/bundle/verify-content.js';
import type { SpaceTarget } from '../config/config-schema.js';
import type { PreparedContent } from './prepared-content.js';
import { settleByMeaning } from './settle-by-meaning.js';

/**
 * The live content (docsync's change request's, else the space's) versus the bundle: one read for
 * pages and files together; `byMeaning`, one more per page whose bytes differ, to tell whether it says the same.
 */
export async function compareWithLive(
  api: Pick<ApiClient, 'content'>,
  target: SpaceTarget,
  content: PreparedContent,
  expectation: ContentExpectation,
  live: { id: string } | undefined,
  signal: AbortSignal | undefined,
  options: { byMeaning?: boolean } = {},
): Promise<Verification & { titles: Record<string, string>; parents: readonly string[] }> {
  const into = live ? { spaceId: target.spaceId, changeRequest: live.id } : { spaceId: target.spaceId };
  const revision = await api.content.getRevision(into, { signal });
  let verification = verifyContent(expectation, revision.pages, revision.files);
  const changed = verification.diff?.changed ?? [];
  // Before an import only: what landed from docsync's own bundle holds its very bytes.
  if (options.byMeaning === true && changed.length > 0 && expectation.kind === 'exact') {
    verification = verifyContent(await settleByMeaning(api, into, content, expectation, revision, changed, signal), revision.pages, revision.files);
  }
  // Each of these is long on a large space: timers and sockets run between them.
  await nextTurn();
  return { ...verification, titles: pageTitles(content.snapshot.pages, revision.pages), parents: revision.parents };
}

/** Page titles by source path: the live ones, then the local ones over them (what the import brings). */
function pageTitles(local: PreparedContent['snapshot']['pages'], live: readonly Page[]): Record<string, string> {
  const titles: Record<string, string> = {};
  const walkLive = (pages: readonly Page[]): void => {
    for (const page of pages) {
      // Keyed as verification names pages: by source path, or marked as made in the editor.
      if (page.git?.path !== undefined) titles[page.git.path] = page.title;
      else if (page.type === 'document') titles[`(no source file) ${page.path ?? page.id}`] = page.title;
      walkLive(page.pages ?? []);
    }
  };
  walkLive(live);
  const walkLocal = (pages: readonly PageNode[]): void => {
    for (const page of pages) {
      titles[page.path] = page.title;
      walkLocal(page.children);
    }
  };
  for (const group of local) walkLocal(group.pages);
  return titles;
}
