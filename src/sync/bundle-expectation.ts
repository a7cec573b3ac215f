import { type ContentExpectation, type ExpectedFile, type ExpectedPage } from '../content/bundle/content-expectation.js';
import type { PageNode } from '../content/gitbook/docs-snapshot.js';
import { snapshotAssets } from '../content/gitbook/snapshot-assets.js';
import type { PreparedContent } from './prepared-content.js';
import { comparePaths } from '../content/compare-paths.js';

/**
 * What the space must hold once the bundle is imported: every page of the table of contents and
 * every asset (a bundled file that is neither markdown, SUMMARY nor tooling), each by its path in the
 * bundle and its git blob id, as the import records them in `git`. Local work only: the blob ids
 * from a commit's tree, or from the bytes read for a working tree.
 */
export async function bundleExpectation(content: Pick<PreparedContent, 'snapshot' | 'blobOids'>): Promise<ContentExpectation & { kind: 'exact' }> {
  const { snapshot } = content;
  const pagePaths: string[] = [];
  const walk = (pages: readonly PageNode[]): void => {
    for (const page of pages) {
      pagePaths.push(page.path);
      walk(page.children);
    }
  };
  for (const group of snapshot.pages) walk(group.pages);
  const pageSet = new Set(pagePaths);
  const assets = snapshotAssets(snapshot).map((file) => file.path);
  const pages: ExpectedPage[] = [];
  const files: ExpectedFile[] = [];
  for (const [path, oid] of await content.blobOids([...pageSet, ...assets])) (pageSet.has(path) ? pages : files).push({ path, oid });
  return { kind: 'exact', pages: pages.sort((a, b) => comparePaths(a.path, b.path)), files: files.sort((a, b) => comparePaths(a.path, b.path)) };
}
