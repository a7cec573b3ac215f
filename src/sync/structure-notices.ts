import { joinDocPath } from '../content/gitbook/doc-path.js';
import type { SummaryStructure } from '../content/gitbook/summary-structure.js';
import type { PageNode } from '../content/gitbook/docs-snapshot.js';
import type { GroupsMode } from './pages/desired-pages.js';
import type { PreparedContent } from './prepared-content.js';
import type { Delivery } from './resolve-delivery.js';

/** Titles named in a notice; the rest are counted. */
const NAMED = 5;

/**
 * What a delivery cannot express of `SUMMARY.md`'s structure, one line each, for the report, `--json`
 * and the step summary: link entries (content batches cannot create link pages, and docsync's zip
 * bundle lists pages only) and unlinked items (their pages move up a level), but for those made
 * heading pages (by line). `summary` names the file.
 */
export function structureNotices(structure: SummaryStructure, delivery: Delivery, summary: string, madePages: ReadonlySet<number> = new Set()): string[] {
  const notices: string[] = [];
  const { linkEntries } = structure;
  const unlinkedItems = structure.unlinkedItems.filter((item) => !madePages.has(item.line));
  if (linkEntries.length > 0) {
    const why = delivery === 'changes' ? 'content batches cannot create link pages' : "docsync's import delivers pages only";
    const many = linkEntries.length > 1;
    notices.push(
      `${summary}: ${linkEntries.length} ${many ? 'link entries are' : 'link entry is'} not delivered (${titles(linkEntries)}): ${why}; ${many ? 'they stay' : 'it stays'} in ${summary} only`,
    );
  }
  if (unlinkedItems.length > 0) {
    const many = unlinkedItems.length > 1;
    const what = many
      ? `${unlinkedItems.length} items without a link of their own are not delivered as pages`
      : '1 item without a link of its own is not delivered as a page';
    notices.push(`${summary}: ${what} (${titles(unlinkedItems)}): the pages under ${many ? 'them' : 'it'} move up a level`);
  }
  return notices;
}

function titles(items: readonly { readonly title: string; readonly line: number }[]): string {
  const named = items.slice(0, NAMED).map((item) => `"${item.title}" at line ${item.line}`);
  return items.length > NAMED ? `${named.join(', ')} and ${items.length - NAMED} more` : named.join(', ');
}

/**
 * {@link structureNotices} of the snapshot's `SUMMARY.md`, from the structure the read kept (no file
 * read, no parse: an edit's report costs nothing more with 30,000 entries); none without one. Content
 * batches with `groups: pages` make each item without a link that holds pages a heading page.
 */
export function summaryNotices(content: Pick<PreparedContent, 'snapshot'>, delivery: Delivery, groups: GroupsMode = 'flat'): string[] {
  const { summary, summaryStructure: structure, root } = content.snapshot;
  if (summary === undefined || structure === undefined) return [];
  // The page tree is walked only when there is something to find in it.
  const made = new Set<number>();
  const walk = (pages: readonly PageNode[]): void =>
    pages.forEach((page) => {
      for (const item of page.under ?? []) made.add(item.line);
      walk(page.children);
    });
  if (delivery === 'changes' && groups === 'pages' && structure.unlinkedItems.length > 0) content.snapshot.pages.forEach((group) => walk(group.pages));
  return structureNotices(structure, delivery, joinDocPath(root, summary), made);
}
