import { fileTitle } from '../../content/gitbook/build-page-tree.js';
import type { PageNode } from '../../content/gitbook/docs-snapshot.js';
import type { PageTitling } from '../../content/gitbook/page-titling.js';
import type { PreparedContent } from '../prepared-content.js';
import type { Delivery } from '../resolve-delivery.js';

/** How the platform titles a page (by path in the docs root) of `content`, when content goes in by `delivery`. */
export type Titlings = (path: string) => PageTitling;

/**
 * A zip import titles pages by their `SUMMARY.md` link text first; content batches by the document's
 * own title. The link text is the content's own lookup when it has one (a one-page edit does not
 * decode the page tree of 30,000 pages), else found in the page tree, walked once when first asked.
 */
export function pageTitlings(content: Pick<PreparedContent, 'snapshot' | 'summaryTitle'>, delivery: Delivery): Titlings {
  let listed: Map<string, string> | undefined;
  const fromTree = (path: string): string | undefined => {
    if (listed === undefined) {
      const found = new Map<string, string>();
      const walk = (pages: readonly PageNode[]): void =>
        pages.forEach((page) => {
          if (page.summaryTitle !== undefined && !found.has(page.path)) found.set(page.path, page.summaryTitle);
          walk(page.children);
        });
      content.snapshot.pages.forEach((group) => walk(group.pages));
      listed = found;
    }
    return listed.get(path);
  };
  const summaryTitle = content.summaryTitle ?? fromTree;
  const source = delivery === 'import' ? 'summary' : 'document';
  return (path) => ({ source, summaryTitle: summaryTitle(path), fileTitle: fileTitle(path) });
}
