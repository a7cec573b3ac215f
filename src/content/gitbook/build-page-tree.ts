import type { LoadedFile } from '../content-loader.js';
import { parentOf, relativeTo } from './doc-path.js';
import type { PageGroup, PageNode } from './docs-snapshot.js';
import type { OutlineGroup, OutlineNode } from './outline.js';
import type { PageMeta } from './parse-page-meta.js';

/**
 * Turns the outline into the page tree: titles (SUMMARY text, else leading heading, else file name),
 * frontmatter fields, bundle paths. Frontmatter notes become warnings naming the page and line. In
 * steps, one page each, so a caller can let the event loop run between them.
 */
export function* buildPageTree(
  groups: readonly OutlineGroup[],
  pages: ReadonlyMap<string, LoadedFile>,
  root: string,
  warnings: string[],
): Generator<void, PageGroup[], void> {
  function* build(node: OutlineNode, into: PageNode[]): Generator<void, void, void> {
    yield;
    const children: PageNode[] = [];
    for (const child of node.children) yield* build(child, children);
    const meta = pages.get(node.path)?.page;
    if (meta === undefined) {
      // Vanished between listing and reading: its children take its place.
      const under = node.under ?? [];
      into.push(...(under.length === 0 ? children : children.map((child) => ({ ...child, under: [...under, ...(child.under ?? [])] }))));
      return;
    }
    for (const note of meta.notes) warnings.push(`${node.path}:${note.line}: ${note.message}`);
    into.push(pageNode(node, meta, children, root));
  }
  const tree: PageGroup[] = [];
  for (const group of groups) {
    const built: PageNode[] = [];
    for (const node of group.nodes) yield* build(node, built);
    tree.push({ title: group.title, pages: built });
  }
  return tree;
}

function pageNode(node: OutlineNode, meta: PageMeta, children: readonly PageNode[], root: string): PageNode {
  const path = relativeTo(root, node.path) ?? node.path;
  const page: { -readonly [K in keyof PageNode]: PageNode[K] } = {
    title: node.title ?? meta.heading ?? fileTitle(path),
    path,
    children,
  };
  if (node.title !== undefined) page.summaryTitle = node.title;
  if (node.label !== undefined) page.label = node.label;
  if (node.under !== undefined) page.under = node.under;
  if (meta.description !== undefined) page.description = meta.description;
  if (meta.icon !== undefined) page.icon = meta.icon;
  if (meta.hidden !== undefined) page.hidden = meta.hidden;
  if (meta.layout !== undefined) page.layout = meta.layout;
  return page;
}

/** A page's node made again from its metadata read anew: its place, `SUMMARY.md` title, label and children as they were. */
export function pageNodeAgain(page: PageNode, meta: PageMeta, sourcePath: string, root: string): PageNode {
  const node: OutlineNode = { path: sourcePath, title: page.summaryTitle, label: page.label, children: [], ...(page.under ? { under: page.under } : {}) };
  return pageNode(node, meta, page.children, root);
}

/** The title of a page with neither a `SUMMARY.md` title nor a heading: `guide/setup.md` → `setup`; a folder's `README.md` → the folder's name. */
export function fileTitle(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1).replace(/\.md$/i, '');
  const folder = parentOf(path);
  if (name.toLowerCase() === 'readme' && folder !== '') return folder.slice(folder.lastIndexOf('/') + 1);
  return name;
}
