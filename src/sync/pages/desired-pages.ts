import { createHash } from 'node:crypto';
import type { DocsSnapshot, PageNode } from '../../content/docs-snapshot.js';
import { snapshotAssets } from '../../content/snapshot-assets.js';
import type { DesiredFile, DesiredGroup, DesiredPage } from './page-plan.js';

/**
 * The repo side of the page plan, from a snapshot alone (no reads): the table of contents with each
 * page's content hash (over the file's sha256, which the read already took, and its title in the
 * table of contents), and the assets.
 */
export function desiredPages(snapshot: Pick<DocsSnapshot, 'pages' | 'files' | 'summary'>): { groups: DesiredGroup[]; files: DesiredFile[] } {
  const hashes = new Map(snapshot.files.map((file) => [file.path, file.hash]));
  const page = (node: PageNode): DesiredPage => ({
    path: node.path,
    title: node.title,
    hash: pageHash(hashes.get(node.path) ?? '', node.title),
    children: node.children.map(page),
  });
  return {
    groups: snapshot.pages.map((group) => ({ title: group.title, pages: group.pages.map(page) })),
    files: snapshotAssets(snapshot).map((file) => ({ path: file.path, hash: file.hash, size: file.size })),
  };
}

/** A page's content as sent: its file and the title it goes with. */
export function pageHash(fileHash: string, title: string): string {
  return createHash('sha256').update(`${fileHash}\n${title}`).digest('hex');
}
