import { createHash } from 'node:crypto';
import type { PageGroup, PageNode } from './docs-snapshot.js';

/**
 * A hash of a page tree's layout, what redirects follow: its groups' titles, and each page's depth,
 * path, label and the unlinked `SUMMARY.md` items it is under (pages their titles name), with its
 * title only where the title is its slug (the docs root's README: see `pageSlugs`), nothing of its
 * other fields. Equal layouts have equal keys; a page retitled by its heading moves nowhere, so
 * keeps the key.
 */
export function layoutKey(pages: readonly PageGroup[]): string {
  // One text hashed at once: an update per page cost a call into the hash for each of 30,000 pages.
  const lines: string[] = [];
  const add = (nodes: readonly PageNode[], depth: number): void => {
    for (const node of nodes) {
      const under = node.under?.map((item) => item.title).join('\t') ?? '';
      lines.push(`\n${depth}\t${node.path}\t${ROOT_README.test(node.path) ? node.title : ''}\t${node.label ?? ''}\t${under}`);
      add(node.children, depth + 1);
    }
  };
  for (const group of pages) {
    lines.push(`\n#\t${group.title ?? ''}`);
    add(group.pages, 0);
  }
  return createHash('sha256').update(lines.join('')).digest('hex').slice(0, 32);
}

/** The docs root's README, which no file or folder name gives a slug: its title does. */
const ROOT_README = /^readme\.md$/i;
