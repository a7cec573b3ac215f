import type { PageGroup, PageNode } from './docs-snapshot.js';

/**
 * The pages of a snapshot's tree at `paths` (in the docs root), by path: a walk that stops once it
 * found them all, so looking up the few pages an edit changed does not visit 10,000 others. A page
 * is in the tree once (the reader skips a second link to it).
 */
export function findPageNodes(groups: readonly PageGroup[], paths: Iterable<string>): Map<string, PageNode> {
  const wanted = new Set(paths);
  const found = new Map<string, PageNode>();
  if (wanted.size === 0) return found;
  // Depth first, in the tree's order: the stack holds the pages still to visit, the next on top.
  const stack: PageNode[] = [];
  for (let group = groups.length - 1; group >= 0; group--) pushReversed(stack, groups[group]?.pages ?? []);
  for (let page = stack.pop(); page !== undefined; page = stack.pop()) {
    if (wanted.has(page.path)) {
      found.set(page.path, page);
      if (found.size === wanted.size) break;
    }
    pushReversed(stack, page.children);
  }
  return found;
}

function pushReversed(stack: PageNode[], pages: readonly PageNode[]): void {
  for (let index = pages.length - 1; index >= 0; index--) {
    const page = pages[index];
    if (page !== undefined) stack.push(page);
  }
}
