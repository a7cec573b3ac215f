import { parentOf } from './doc-path.js';
import type { FileIndex } from './file-index.js';
import type { OutlineGroup, OutlineNode } from './outline.js';
import type { ParsedSummary, SummaryItem } from './parse-summary.js';
import { resolveLink } from './resolve-link.js';

/** Where `SUMMARY.md` is and what it may point at. Paths are relative to the source's top. */
export interface ResolveSummaryContext {
  readonly summaryPath: string;
  readonly root: string;
  readonly index: FileIndex;
}

/**
 * Checks every `SUMMARY.md` entry against the listed files. Missing files, links leaving the docs
 * root, non-markdown targets and second listings of a file are skipped with a warning naming the
 * line; the children of a skipped entry move up to its parent. External links are left out silently
 * (they stay in `SUMMARY.md` itself).
 */
export function resolveSummary(
  parsed: ParsedSummary,
  context: ResolveSummaryContext,
): { groups: OutlineGroup[]; warnings: string[]; missing: number; files: string[] } {
  const { summaryPath, root, index } = context;
  const warnings = parsed.notes.map((note) => ({ line: note.line, text: `${summaryPath}:${note.line}: ${note.message}` }));
  const firstListed = new Map<string, number>();
  let missing = 0;
  const files: string[] = [];
  const fromFolder = parentOf(summaryPath);

  /** The entry's page path, or undefined (with a warning) when it is skipped. */
  const accept = (item: SummaryItem): string | undefined => {
    const where = `${summaryPath}:${item.line}: "${item.target}"`;
    const skip = (why: string): undefined => {
      warnings.push({ line: item.line, text: `${where} ${why}` });
      return undefined;
    };
    const found = resolveLink(fromFolder, item.target, { root, index, page: true });
    if (found.kind === 'external') return undefined;
    if (found.kind === 'outside') return skip('points outside the docs root; entry skipped');
    if (found.kind === 'missing') missing += 1;
    if (found.kind === 'missing') return skip(`not found (looked for ${found.path}); entry skipped`);
    if (!/\.md$/i.test(found.path)) {
      files.push(found.path);
      return skip('is not a markdown page; bundled as a file, not listed as a page');
    }
    const earlier = firstListed.get(found.path);
    if (earlier !== undefined) return skip(`is already listed at line ${earlier}; duplicate entry skipped`);
    firstListed.set(found.path, item.line);
    if (found.note !== undefined) warnings.push({ line: item.line, text: `${where} ${found.note}; fix the link's case` });
    return found.path;
  };

  // The entry is accepted before its children, so "first listed" follows line order.
  const resolveItems = (items: readonly SummaryItem[]): OutlineNode[] =>
    items.flatMap((item): OutlineNode[] => {
      const path = accept(item);
      const children = resolveItems(item.children);
      if (path === undefined) return children;
      return [{ path, title: item.title === '' ? undefined : item.title, label: item.label, children }];
    });

  const groups = parsed.groups.map((group) => ({ title: group.title, nodes: resolveItems(group.items) }));
  warnings.sort((a, b) => a.line - b.line);
  return { groups, warnings: warnings.map((warning) => warning.text), missing, files };
}
