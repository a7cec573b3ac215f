import { decodeText } from '../content/clean-text.js';
import { joinDocPath } from '../content/doc-path.js';
import { parseSummary } from '../content/parse-summary.js';
import { summaryStructure, type SummaryStructure } from '../content/summary-structure.js';
import type { PreparedContent } from './prepared-content.js';
import type { Delivery } from './resolve-delivery.js';

/** Titles named in a notice; the rest are counted. */
const NAMED = 5;

/**
 * What a delivery cannot express of `SUMMARY.md`'s structure, one line each, for the report, `--json`
 * and the step summary: link entries (content batches cannot create link pages, and docsync's zip
 * bundle lists pages only) and unlinked items (their pages move up a level). `summary` names the file.
 */
export function structureNotices(structure: SummaryStructure, delivery: Delivery, summary: string): string[] {
  const notices: string[] = [];
  const { linkEntries, unlinkedItems } = structure;
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

/** {@link structureNotices} of the snapshot's `SUMMARY.md` (one file read); none without one. */
export async function summaryNotices(content: Pick<PreparedContent, 'snapshot' | 'readMany'>, delivery: Delivery): Promise<string[]> {
  const { summary, root } = content.snapshot;
  if (summary === undefined) return [];
  for await (const { bytes } of content.readMany([summary]))
    return structureNotices(summaryStructure(parseSummary(decodeText(bytes))), delivery, joinDocPath(root, summary));
  return [];
}
