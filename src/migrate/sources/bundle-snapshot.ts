import { zipSync, type Zippable } from 'fflate';
import { bundleContents } from '../../content/bundle/bundle-contents.js';
import type { DocsSnapshot, PageNode } from '../../content/gitbook/docs-snapshot.js';
import type { TreeSource } from '../../content/tree-source.js';
import { DEFAULT_LEVEL, FIXED_MTIME, levelFor } from '../../content/bundle/zip-layout.js';
import type { ExpectedPage } from '../../content/bundle/content-expectation.js';
import { gitBlobOid } from '../../content/git/git-blob-oid.js';
import { comparePaths } from '../../content/compare-paths.js';

/** A snapshot zipped for import, with the pages the import must produce. */
export interface SnapshotBundle {
  readonly bytes: Uint8Array;
  readonly contentHash: string;
  /** Every page file of the bundle with its git blob id, sorted by path. */
  readonly pages: readonly ExpectedPage[];
}

/** Paths of every page of the snapshot's table of contents, relative to the docs root. */
export function snapshotPagePaths(snapshot: DocsSnapshot): Set<string> {
  const paths = new Set<string>();
  const walk = (pages: readonly PageNode[]): void => {
    for (const page of pages) {
      paths.add(page.path);
      walk(page.children);
    }
  };
  for (const group of snapshot.pages) walk(group.pages);
  return paths;
}

/**
 * Zips a snapshot in GitBook's git-sync layout the way `createBundle` does (sorted entries, fixed
 * mtime and levels, so the same tree gives the same bytes) and, in the same pass over the files,
 * takes the git blob id of every page: what the import's pages must carry as `git.oid`.
 */
export async function bundleSnapshot(snapshot: DocsSnapshot, source: TreeSource): Promise<SnapshotBundle> {
  const pagePaths = snapshotPagePaths(snapshot);
  const pages: ExpectedPage[] = [];
  const zippable: Zippable = {};
  for await (const { file, bytes } of bundleContents(snapshot, source)) {
    zippable[file.path] = [bytes, { level: levelFor(file.path, DEFAULT_LEVEL), mtime: FIXED_MTIME }];
    if (pagePaths.has(file.path)) pages.push({ path: file.path, oid: gitBlobOid(bytes) });
  }
  return { bytes: zipSync(zippable, { mtime: FIXED_MTIME }), contentHash: snapshot.contentHash, pages: pages.sort((a, b) => comparePaths(a.path, b.path)) };
}
