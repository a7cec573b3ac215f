import { createHash } from 'node:crypto';
import type { DocsSnapshot, PageNode } from '../../content/gitbook/docs-snapshot.js';
import { snapshotAssets } from '../../content/gitbook/snapshot-assets.js';
import type { SpaceTarget } from '../../config/config-schema.js';
import { headingKey, type DesiredFile, type DesiredGroup, type DesiredPage } from './page-plan.js';

/** What content batches make of what they cannot create (see the target's `groups`). */
export type GroupsMode = SpaceTarget['groups'];

/**
 * The repo side of the page plan, from a snapshot alone (no reads): the table of contents with each
 * page's hash (over its file's blob oid and its title in the table of contents), and the assets by
 * blob oid. With `groups: pages`, the pages listed under an item of
 * `SUMMARY.md` without a link are held by a heading page of its title.
 */
export function desiredPages(
  snapshot: Pick<DocsSnapshot, 'pages' | 'files' | 'summary'>,
  groups: GroupsMode = 'flat',
): { groups: DesiredGroup[]; files: DesiredFile[] } {
  const oids = new Map(snapshot.files.map((file) => [file.path, file.oid]));
  const taken = new Set(oids.keys());
  const summary = snapshot.summary ?? 'SUMMARY.md';
  const page = (node: PageNode): DesiredPage => ({
    path: node.path,
    title: node.title,
    hash: pageHash(oids.get(node.path) ?? '', node.title),
    children: level(node.children, 0),
  });
  // Siblings listed under the same item without a link (at this depth of their `under`) go in its heading page.
  const level = (nodes: readonly PageNode[], depth: number): DesiredPage[] => {
    const pages: DesiredPage[] = [];
    for (let at = 0; at < nodes.length;) {
      const item = groups === 'pages' ? nodes[at]?.under?.[depth] : undefined;
      if (item === undefined) {
        pages.push(page(nodes[at] as PageNode));
        at += 1;
        continue;
      }
      let end = at + 1;
      while (end < nodes.length && nodes[end]?.under?.[depth]?.line === item.line) end += 1;
      pages.push(headingPage(headingKey(summary, item.title, taken), item.title, level(nodes.slice(at, end), depth + 1)));
      taken.add(pages.at(-1)?.path ?? '');
      at = end;
    }
    return pages;
  };
  return {
    groups: snapshot.pages.map((group) => ({ title: group.title, pages: level(group.pages, 0) })),
    files: snapshotAssets(snapshot).map((file) => ({ path: file.path, hash: file.oid, size: file.size })),
  };
}

/** A heading page (see {@link DesiredPage.heading}) holding `children`. */
export function headingPage(key: string, title: string, children: readonly DesiredPage[]): DesiredPage {
  return { path: key, title, hash: pageHash('', title), children, heading: true };
}

/**
 * A page's content as sent: its file's blob oid and the title it goes with. sha1, as the oid: 40 hex
 * digits, which tell it from the 64 of what docsync recorded before pages were known by blob oid.
 */
export function pageHash(oid: string, title: string): string {
  return createHash('sha1').update(`${oid}\n${title}`).digest('hex');
}
