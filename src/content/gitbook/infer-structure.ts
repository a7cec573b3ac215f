import { parentOf, relativeTo } from './doc-path.js';
import type { FileIndex } from '../file-index.js';
import type { OutlineGroup, OutlineNode } from './outline.js';
import { comparePaths } from '../compare-paths.js';

/**
 * The table of contents of a docs root without `SUMMARY.md`, as GitBook infers it: the readme first;
 * then every markdown file and folder in alphabetical order, a folder becoming its `README.md` (or
 * else its first page) with the rest as children. Folders without pages vanish (their subfolders move
 * up); dot-folders such as `.gitbook/` are not pages.
 */
export function inferStructure(index: FileIndex, root: string, readme: string): OutlineGroup[] {
  const folders = new Map<string, { files: string[]; folders: Set<string> }>();
  const folderOf = (folder: string): { files: string[]; folders: Set<string> } => {
    let entry = folders.get(folder);
    if (entry === undefined) {
      entry = { files: [], folders: new Set() };
      folders.set(folder, entry);
      if (folder !== root) folderOf(parentOf(folder)).folders.add(folder);
    }
    return entry;
  };
  folderOf(root);
  for (const { path } of index.under(root)) {
    const relative = relativeTo(root, path) ?? '';
    if (path !== readme && /\.md$/i.test(path) && !relative.split('/').some((part) => part.startsWith('.'))) {
      folderOf(parentOf(path)).files.push(path);
    }
  }

  const leaf = (path: string): OutlineNode => ({ path, title: undefined, label: undefined, children: [] });
  const contents = (folder: string, except?: string): OutlineNode[] => {
    const entry = folderOf(folder);
    const items = [...entry.files.filter((file) => file !== except), ...entry.folders];
    return items.sort(byName).flatMap((item) => (entry.folders.has(item) ? folderNodes(item) : [leaf(item)]));
  };
  const folderNodes = (folder: string): OutlineNode[] => {
    const files = [...folderOf(folder).files].sort(byName);
    const main = files.find((file) => baseName(file).toLowerCase() === 'readme.md') ?? files[0];
    if (main === undefined) return contents(folder);
    return [{ ...leaf(main), children: contents(folder, main) }];
  };

  const nodes = contents(root);
  if (index.has(readme)) nodes.unshift(leaf(readme));
  return [{ title: undefined, nodes }];
}

function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** Alphabetical by last path segment, ignoring case; code units break ties so the order is total. */
function byName(a: string, b: string): number {
  const [x, y] = [baseName(a), baseName(b)];
  const [lx, ly] = [x.toLowerCase(), y.toLowerCase()];
  if (lx !== ly) return lx < ly ? -1 : 1;
  return comparePaths(x, y);
}
