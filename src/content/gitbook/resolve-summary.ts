import { parentOf } from './doc-path.js';
import type { FileIndex } from '../file-index.js';
import type { OutlineGroup, OutlineNode } from './outline.js';
import type { ParsedSummary, SummaryItem } from './parse-summary.js';
import { resolveLink } from './resolve-link.js';
import { runAtOnce } from '../time-slice.js';

/** Where `SUMMARY.md` is and what it may point at. Paths are relative to the source's top. */
export interface ResolveSummaryContext {
  readonly summaryPath: string;
  readonly root: string;
  readonly index: FileIndex;
}

/** The outline `SUMMARY.md` gives, and what was skipped. */
export interface ResolvedSummary {
  readonly groups: OutlineGroup[];
  readonly warnings: string[];
  readonly missing: number;
  readonly files: string[];
}

/**
 * Checks every `SUMMARY.md` entry against the listed files. Missing files, links leaving the docs
 * root, non-markdown targets and second listings of a file are skipped with a warning naming the
 * line; the children of a skipped entry move up to its parent. External links are left out silently
 * (they stay in `SUMMARY.md` itself).
 */
export function resolveSummary(parsed: ParsedSummary, context: ResolveSummaryContext): ResolvedSummary {
  return runAtOnce(resolveSummarySteps(parsed, context));
}

/** {@link resolveSummary} in steps, one entry each, so a caller can let the event loop run between them. */
export function* resolveSummarySteps(parsed: ParsedSummary, context: ResolveSummaryContext): Generator<void, ResolvedSummary, void> {
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
  function* resolveItems(items: readonly SummaryItem[]): Generator<void, OutlineNode[], void> {
    const nodes: OutlineNode[] = [];
    for (const item of items) {
      yield;
      const path = accept(item);
      const children = yield* resolveItems(item.children);
      const under = item.under ?? [];
      // A skipped entry's children take its place, under what it was listed under.
      if (path === undefined)
        nodes.push(...(under.length === 0 ? children : children.map((child) => ({ ...child, under: [...under, ...(child.under ?? [])] }))));
      else nodes.push({ path, title: item.title === '' ? undefined : item.title, label: item.label, children, ...(under.length === 0 ? {} : { under }) });
    }
    return nodes;
  }

  const groups: OutlineGroup[] = [];
  for (const group of parsed.groups) groups.push({ title: group.title, nodes: yield* resolveItems(group.items) });
  warnings.sort((a, b) => a.line - b.line);
  return { groups, warnings: warnings.map((warning) => warning.text), missing, files };
}
