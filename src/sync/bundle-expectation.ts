import { type ContentExpectation, type ExpectedFile, type ExpectedPage } from '../content/bundle/content-expectation.js';
import type { DocsSnapshot, PageNode } from '../content/gitbook/docs-snapshot.js';
import { snapshotAssets } from '../content/gitbook/snapshot-assets.js';
import { comparePaths } from '../content/compare-paths.js';

/**
 * What the space must hold once the bundle is imported: every page of the table of contents and
 * every asset (a bundled file that is neither markdown, SUMMARY nor tooling), each by its path in the
 * bundle and its git blob oid, as the import records them in `git`. From the snapshot alone.
 */
export function bundleExpectation({ snapshot }: { readonly snapshot: DocsSnapshot }): ContentExpectation & { kind: 'exact' } {
  const pagePaths = new Set<string>();
  const walk = (pages: readonly PageNode[]): void => {
    for (const page of pages) {
      pagePaths.add(page.path);
      walk(page.children);
    }
  };
  for (const group of snapshot.pages) walk(group.pages);
  const assets = new Set(snapshotAssets(snapshot).map((file) => file.path));
  const pages: ExpectedPage[] = [];
  const files: ExpectedFile[] = [];
  for (const file of snapshot.files) {
    if (pagePaths.has(file.path)) pages.push({ path: file.path, oid: file.oid });
    else if (assets.has(file.path)) files.push({ path: file.path, oid: file.oid });
  }
  return { kind: 'exact', pages: pages.sort((a, b) => comparePaths(a.path, b.path)), files: files.sort((a, b) => comparePaths(a.path, b.path)) };
}
