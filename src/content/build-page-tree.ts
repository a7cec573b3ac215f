import type { LoadedFile } from './content-loader.js';
import { parentOf, relativeTo } from './doc-path.js';
import type { PageGroup, PageNode } from './docs-snapshot.js';
import type { OutlineGroup, OutlineNode } from './outline.js';

/**
 * Turns the outline into the page tree: titles (SUMMARY text, else first heading, else file name),
 * frontmatter fields, bundle paths. Frontmatter notes become warnings naming the page and line.
 */
export function buildPageTree(
  groups: readonly OutlineGroup[],
  pages: ReadonlyMap<string, LoadedFile>,
  root: string,
  warnings: string[],
): PageGroup[] {
  const build = (node: OutlineNode): PageNode[] => {
    const children = node.children.flatMap(build);
    const meta = pages.get(node.path)?.page;
    if (meta === undefined) return children; // vanished between listing and reading
    for (const note of meta.notes) warnings.push(`${node.path}:${note.line}: ${note.message}`);
    const path = relativeTo(root, node.path) ?? node.path;
    const page: { -readonly [K in keyof PageNode]: PageNode[K] } = {
      title: node.title ?? meta.heading ?? fileTitle(path),
      path,
      children,
    };
    if (node.label !== undefined) page.label = node.label;
    if (meta.description !== undefined) page.description = meta.description;
    if (meta.icon !== undefined) page.icon = meta.icon;
    if (meta.hidden !== undefined) page.hidden = meta.hidden;
    if (meta.layout !== undefined) page.layout = meta.layout;
    return [page];
  };
  return groups.map((group) => ({ title: group.title, pages: group.nodes.flatMap(build) }));
}

/** The title of a page with neither a `SUMMARY.md` title nor a heading: `guide/setup.md` → `setup`; a folder's `README.md` → the folder's name. */
export function fileTitle(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1).replace(/\.md$/i, '');
  const folder = parentOf(path);
  if (name.toLowerCase() === 'readme' && folder !== '') return folder.slice(folder.lastIndexOf('/') + 1);
  return name;
}
