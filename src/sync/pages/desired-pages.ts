import type { DocsSnapshot, PageNode } from '../../content/docs-snapshot.js';
import { snapshotAssets } from '../../content/snapshot-assets.js';
import type { DesiredFile, DesiredGroup, DesiredPage } from './page-plan.js';

/**
 * The repo side of the page plan, from a snapshot alone (no reads): the table of contents with each
 * page's content hash (the sha256 the read already took), and the assets.
 */
export function desiredPages(snapshot: Pick<DocsSnapshot, 'pages' | 'files' | 'summary'>): { groups: DesiredGroup[]; files: DesiredFile[] } {
  const hashes = new Map(snapshot.files.map((file) => [file.path, file.hash]));
  const page = (node: PageNode): DesiredPage => ({ path: node.path, title: node.title, hash: hashes.get(node.path) ?? '', children: node.children.map(page) });
  return {
    groups: snapshot.pages.map((group) => ({ title: group.title, pages: group.pages.map(page) })),
    files: snapshotAssets(snapshot).map((file) => ({ path: file.path, hash: file.hash, size: file.size })),
  };
}
