import { slugify } from '../state/revisions.js';

/** Posix path helpers for paths inside an archive; none of them ever leaves the archive. */

/** Joins and normalizes; undefined when `..` climbs above the archive root. */
export function joinPath(base: string, relative: string): string | undefined {
  const out: string[] = [];
  for (const segment of `${base}/${relative}`.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (out.length === 0) return undefined;
      out.pop();
    } else out.push(segment);
  }
  return out.join('/');
}

export function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

export function dirName(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? '' : path.slice(0, slash);
}

export function isReadme(path: string): boolean {
  return baseName(path).toLowerCase() === 'readme.md';
}

/** The file name without its markdown extension. */
export function stem(path: string): string {
  return baseName(path).replace(/\.(md|markdown)$/i, '');
}

/** GitBook's slugs: a file's name, a folder's name for its README, the title for the root README. */
export function pageSlug(path: string, title: string, root: string): string {
  if (!isReadme(path)) return slugify(stem(path));
  const folder = dirName(path);
  return folder === root ? slugify(title) : slugify(baseName(folder));
}
