import { slugify } from '../state/revisions.js';
import type { ImportedPage } from './imported-content.js';
import { markdownPage } from './markdown-page.js';
import type { SummaryItem } from './parse-summary.js';
import { dirName, joinPath, pageSlug, stem } from './repo-path.js';

export interface SummarySource {
  root: string;
  /** Archive path of SUMMARY.md: its links are relative to its folder. */
  summaryPath: string;
  /** The archive path a (normalized) path names, tolerating case differences; undefined if absent. */
  find(path: string): string | undefined;
  read(path: string): Uint8Array;
  skipped: string[];
}

/**
 * Turns SUMMARY.md entries into pages: groups keep their children, a link becomes the page of its
 * file titled by the link text. A link to a missing file or a file already listed is skipped, its
 * children moving up to where it stood, so nothing nested under it is lost.
 */
export function summaryPages(
  items: readonly SummaryItem[],
  source: SummarySource,
): { pages: ImportedPage[]; missing: number; listed: ReadonlySet<string> } {
  const used = new Set<string>();
  let missing = 0;
  const summaryDir = dirName(source.summaryPath);

  const resolve = (target: string): string | undefined => {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return undefined;
    let path = target.split('#')[0]?.split('?')[0] ?? '';
    try {
      path = decodeURIComponent(path);
    } catch {
      // a stray % stays as written
    }
    if (path === '') return undefined;
    const joined = joinPath(path.startsWith('/') ? source.root : summaryDir, path);
    return joined === undefined ? undefined : source.find(joined);
  };

  const convert = (list: readonly SummaryItem[], into: ImportedPage[]): void => {
    for (const item of list) {
      if (item.kind === 'group') {
        const group: ImportedPage = { kind: 'group', title: item.title, slug: slugify(item.title), markdown: '', pages: [] };
        convert(item.items, group.pages);
        into.push(group);
        continue;
      }
      const path = resolve(item.target);
      if (path === undefined) {
        missing += 1;
        source.skipped.push(`SUMMARY.md links to "${item.target}", which is not in the archive`);
        convert(item.items, into);
        continue;
      }
      if (used.has(path)) {
        source.skipped.push(`SUMMARY.md lists "${path}" more than once; later entries were skipped`);
        convert(item.items, into);
        continue;
      }
      used.add(path);
      const page = markdownPage({ bytes: source.read(path), path, title: item.title, fallbackTitle: stem(path) });
      page.slug = pageSlug(path, page.title, source.root);
      convert(item.items, page.pages);
      into.push(page);
    }
  };

  const pages: ImportedPage[] = [];
  convert(items, pages);
  return { pages, missing, listed: used };
}
