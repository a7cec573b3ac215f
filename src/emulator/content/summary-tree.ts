import type { SummaryItem } from '../../content/gitbook/parse-summary.js';
import { slugify } from '../state/revisions.js';
import type { ImportedPage } from './imported-content.js';

/** A link entry's target: a URL (any scheme) or protocol-relative. */
const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

/**
 * The page tree of one `SUMMARY.md` group as GitBook's Git Sync builds it: each item's page (by the
 * path `locate` resolves its target to, first listing only) holding its nested items; a link entry
 * (`* [Title](https://…)`) a link page, whatever is nested under it following it; an item without a
 * link of its own a page of its title, with no content, holding the items listed under it. An item
 * whose page is not among `pages` (missing, skipped) leaves its nested items in its place.
 */
export function summaryTree(
  items: readonly SummaryItem[],
  locate: (target: string) => string | undefined,
  pages: ReadonlyMap<string, ImportedPage>,
): ImportedPage[] {
  const used = new Set<string>();
  // Pages made of items without a link, by their line: the items listed under one share it.
  const made = new Map<number, ImportedPage>();
  const build = (list: readonly SummaryItem[]): ImportedPage[] => {
    const out: ImportedPage[] = [];
    for (const item of list) {
      const target = item.target.trim();
      let placed: ImportedPage[];
      if (EXTERNAL.test(target)) {
        const title = item.title === '' ? target : item.title;
        placed = [{ kind: 'link', title, slug: slugify(title), markdown: '', href: target, pages: [] }, ...build(item.children)];
      } else {
        const path = locate(target);
        const page = path === undefined || used.has(path) ? undefined : pages.get(path);
        if (path !== undefined) used.add(path);
        const children = build(item.children);
        if (page) page.pages = children;
        placed = page ? [page] : children;
      }
      let into = out;
      for (const unlinked of item.under ?? []) {
        let holder = made.get(unlinked.line);
        if (holder === undefined) {
          holder = { kind: 'document', title: unlinked.title, slug: slugify(unlinked.title), markdown: '', pages: [] };
          made.set(unlinked.line, holder);
          into.push(holder);
        }
        into = holder.pages;
      }
      into.push(...placed);
    }
    return out;
  };
  return build(items);
}
