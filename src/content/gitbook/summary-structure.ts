import type { ParsedSummary, SummaryItem, UnlinkedItem } from './parse-summary.js';

/** A `* [Title](https://…)` entry of `SUMMARY.md`: a link page in GitBook, not a file of the repo. */
export interface LinkEntry {
  readonly title: string;
  readonly target: string;
  readonly line: number;
}

/** What `SUMMARY.md` holds beyond pages: its `##` groups, link entries and unlinked items. */
export interface SummaryStructure {
  /** Titles of its `##` groups, in order. */
  readonly groups: readonly string[];
  readonly linkEntries: readonly LinkEntry[];
  readonly unlinkedItems: readonly UnlinkedItem[];
}

const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

/** The groups, link entries and unlinked items of a parsed `SUMMARY.md`, in line order. */
export function summaryStructure(parsed: ParsedSummary): SummaryStructure {
  const linkEntries: LinkEntry[] = [];
  const walk = (items: readonly SummaryItem[]): void => {
    for (const item of items) {
      if (EXTERNAL.test(item.target.trim())) linkEntries.push({ title: item.title, target: item.target, line: item.line });
      walk(item.children);
    }
  };
  parsed.groups.forEach((group) => walk(group.items));
  return {
    groups: parsed.groups.flatMap((group) => (group.title === undefined ? [] : [group.title])),
    linkEntries: linkEntries.sort((a, b) => a.line - b.line),
    unlinkedItems: parsed.unlinked,
  };
}
