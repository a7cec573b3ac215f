import { createHash } from 'node:crypto';
import type { PageGroup, PageNode } from './docs-snapshot.js';

/**
 * A hash of a page tree's layout: its groups' titles, and each page's depth, path, title and label
 * (what redirects follow), nothing of its other fields. Equal layouts have equal keys.
 */
export function layoutKey(pages: readonly PageGroup[]): string {
  // One text hashed at once: an update per page cost a call into the hash for each of 30,000 pages.
  const lines: string[] = [];
  const add = (nodes: readonly PageNode[], depth: number): void => {
    for (const node of nodes) {
      lines.push(`\n${depth}\t${node.path}\t${node.title}\t${node.label ?? ''}`);
      add(node.children, depth + 1);
    }
  };
  for (const group of pages) {
    lines.push(`\n#\t${group.title ?? ''}`);
    add(group.pages, 0);
  }
  return createHash('sha256').update(lines.join('')).digest('hex').slice(0, 32);
}
