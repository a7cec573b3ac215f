import type { File, Page } from '../../api/schemas/content.js';
import type { TargetState } from '../../state/state-store.js';
import type { DesiredGroup, DesiredPage, LiveFile, LivePage } from './page-plan.js';
import { pageSlugs } from './page-slugs.js';

type Delivered = NonNullable<TargetState['delivered']>;

const README = /^readme\.md$/i;

/**
 * Where the repo's pages would be in the page tree, by the path the API gives pages (slugs of the
 * page and its parents; groups are not part of it), as docsync names them: repo path by live path.
 */
export function livePathsOf(groups: readonly DesiredGroup[]): Map<string, string> {
  const slugs = pageSlugs(groups);
  const paths = new Map<string, string>();
  const walk = (pages: readonly DesiredPage[], prefix: string): void => {
    for (const page of pages) {
      const path = `${prefix}${slugs.get(page.path) ?? ''}`;
      if (!paths.has(path)) paths.set(path, page.path);
      walk(page.children, `${path}/`);
    }
  };
  walk(
    groups.flatMap((group) => group.pages),
    '',
  );
  return paths;
}

/**
 * The live side of the page plan: each live page keyed with the repo path it holds and, when known,
 * the hash of what it holds. What docsync delivered decides first, while the page is the one it
 * wrote (same id, not edited since: the `updatedAt` read back) and its hash is known, unless the page is at
 * the place of another repo page (moved there in the platform): that page then, as a runner without
 * that record reads it; then the API's git
 * metadata (its path; its blob oid says nothing of the title, so the content counts as unknown); then
 * the page's path, where docsync would have put that repo page. Unknown content is compared with the
 * repo's, or sent again, never trusted. A page recorded without its `updatedAt` (one a single batch
 * sent, known without reading it back) is trusted only with `trustUnstamped`: not once main moved
 * from the revision docsync left, when it may have been written over since.
 */
export function livePages(pages: readonly Page[], desired: readonly DesiredGroup[], delivered: Delivered | undefined, trustUnstamped = true): LivePage[] {
  const byId = new Map([...(delivered?.pages ?? [])].map(([path, entry]) => [entry.id, { path, ...entry }]));
  const byLivePath = livePathsOf(desired);
  const key = (page: Page): LivePage => {
    const known = byId.get(page.id);
    const trusted = known && (known.updatedAt === undefined ? trustUnstamped : page.updatedAt === undefined || known.updatedAt === page.updatedAt);
    const children = (page.pages ?? []).map(key);
    const base = { id: page.id, type: page.type, title: page.title, slug: page.slug, children };
    const byPath = page.path === undefined ? undefined : byLivePath.get(page.path);
    // At the place of another repo page (moved there, given its slug, or its parent's path changed, in the platform):
    // that page, of content to compare, as a runner without state reads it.
    if (known && byPath !== undefined && byPath !== known.path) return { ...base, key: byPath };
    if (trusted) return { ...base, key: known.path, hash: known.hash };
    if (known) return { ...base, key: known.path };
    if (page.git?.path !== undefined) return { ...base, key: page.git.path };
    return byPath === undefined ? base : { ...base, key: byPath };
  };
  const keyed = pages.map(key);
  return withReadme(keyed, desired);
}

/**
 * The docs root's README has no file name to take a slug from: a space written by another tool (or
 * pulled into a new folder) holds it as its first page, whatever its slug. When no live page is
 * known to hold it, the first top-level document docsync knows nothing of does; what it holds decides
 * whether it is sent again.
 */
function withReadme(pages: LivePage[], desired: readonly DesiredGroup[]): LivePage[] {
  const readme = desired.flatMap((group) => group.pages).find((page) => README.test(page.path))?.path;
  if (readme === undefined) return pages;
  const held = (list: readonly LivePage[]): boolean => list.some((page) => page.key === readme || held(page.children));
  if (held(pages)) return pages;
  const first = pages.findIndex((page) => page.type === 'document' && page.key === undefined);
  return first < 0 ? pages : pages.map((page, index) => (index === first ? { ...page, key: readme } : page));
}

/** Live files keyed the same way: docsync's record by id, else the API's git metadata (path only). */
export function liveFiles(files: readonly File[], delivered: Delivered | undefined): LiveFile[] {
  const byId = new Map([...(delivered?.files ?? [])].map(([path, entry]) => [entry.id, { path, ...entry }]));
  return files.map((file) => {
    const known = byId.get(file.id);
    if (known) return { id: file.id, key: known.path, hash: known.hash };
    return file.git?.path === undefined ? { id: file.id } : { id: file.id, key: file.git.path };
  });
}
