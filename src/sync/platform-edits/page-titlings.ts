import { fileTitle } from '../../content/gitbook/build-page-tree.js';
import type { DocsSnapshot, PageNode } from '../../content/gitbook/docs-snapshot.js';
import type { PageTitling } from '../../content/gitbook/page-titling.js';
import type { Delivery } from '../resolve-delivery.js';

/** How the platform titles a page (by path in the docs root) of `snapshot`, when content goes in by `delivery`. */
export type Titlings = (path: string) => PageTitling;

/** A zip import titles pages by their `SUMMARY.md` link text first; content batches by the document's own title. */
export function pageTitlings(snapshot: Pick<DocsSnapshot, 'pages'>, delivery: Delivery): Titlings {
  const listed = new Map<string, string>();
  const walk = (pages: readonly PageNode[]): void =>
    pages.forEach((page) => {
      if (page.summaryTitle !== undefined && !listed.has(page.path)) listed.set(page.path, page.summaryTitle);
      walk(page.children);
    });
  snapshot.pages.forEach((group) => walk(group.pages));
  const source = delivery === 'import' ? 'summary' : 'document';
  return (path) => ({ source, summaryTitle: listed.get(path), fileTitle: fileTitle(path) });
}
