import { slugify } from '../state/revisions.js';
import type { ImportedPage } from './imported-content.js';
import { markdownPage } from './markdown-page.js';
import { baseName, isReadme, joinPath, pageSlug, stem } from './repo-path.js';

interface Folder {
  files: string[];
  folders: Map<string, Folder>;
}

const byName = (a: string, b: string): number => a.localeCompare(b, 'en', { numeric: true });

/**
 * Pages from the folder layout when there is no SUMMARY.md: the readme first, then files and
 * folders by name; a folder's README.md is its page, and a folder without one still gets a page
 * (titled by its name) so its children keep their place.
 */
export function inferPages(
  markdownPaths: readonly string[],
  config: { root: string; readme: string },
  read: (path: string) => Uint8Array,
): ImportedPage[] {
  const top: Folder = { files: [], folders: new Map() };
  for (const path of markdownPaths) {
    const relative = config.root === '' ? path : path.slice(config.root.length + 1);
    let folder = top;
    for (const segment of relative.split('/').slice(0, -1)) {
      let next = folder.folders.get(segment);
      if (!next) {
        next = { files: [], folders: new Map() };
        folder.folders.set(segment, next);
      }
      folder = next;
    }
    folder.files.push(path);
  }

  const pageOf = (path: string): ImportedPage => {
    const page = markdownPage({ bytes: read(path), path, fallbackTitle: stem(path) });
    page.slug = pageSlug(path, page.title, config.root);
    return page;
  };

  const build = (folder: Folder, folderPath: string, readme: string | undefined): ImportedPage[] => {
    const pages: ImportedPage[] = readme === undefined ? [] : [pageOf(readme)];
    const names = [
      ...folder.files.filter((path) => path !== readme && !(folder !== top && isReadme(path))).map((path) => ({ name: baseName(path), path })),
      ...[...folder.folders.keys()].map((name) => ({ name, path: undefined })),
    ].sort((a, b) => byName(a.name, b.name));
    for (const entry of names) {
      if (entry.path !== undefined) {
        pages.push(pageOf(entry.path));
        continue;
      }
      const sub = folder.folders.get(entry.name);
      if (!sub) continue;
      const subPath = joinPath(folderPath, entry.name) ?? entry.name;
      const children = build(sub, subPath, undefined);
      const subReadme = sub.files.find(isReadme);
      if (subReadme !== undefined) {
        const page = pageOf(subReadme);
        page.pages = children;
        pages.push(page);
      } else if (children.length > 0) {
        pages.push({ kind: 'document', title: entry.name, slug: slugify(entry.name), markdown: '', pages: children });
      }
    }
    return pages;
  };

  const rootReadme = top.files.find((path) => path === config.readme) ?? top.files.find(isReadme);
  return build(top, config.root, rootReadme);
}
