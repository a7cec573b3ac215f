import { cleanText } from './clean-text.js';
import type { LineNote } from './line-note.js';
import { scanLink, unescape } from './scan-link.js';
import { runAtOnce } from '../time-slice.js';

/** One `[Title](target "label")` bullet of `SUMMARY.md`, before its target is checked. */
export interface SummaryItem {
  readonly title: string;
  /** Link destination as written (maybe URL-encoded, rooted, or external). */
  readonly target: string;
  readonly label: string | undefined;
  readonly line: number;
  readonly children: SummaryItem[];
  /** The items without a link it is listed under, between it and its parent, outermost first. */
  readonly under?: readonly UnlinkedItem[];
}

/** A `##`/`###` heading and the bullets under it; `title` is undefined for bullets before any heading. */
export interface SummaryGroup {
  readonly title: string | undefined;
  readonly line: number | undefined;
  readonly items: SummaryItem[];
}

/** A bullet with no link of its own (`* Libraries`), usually holding linked children. */
export interface UnlinkedItem {
  readonly title: string;
  readonly line: number;
}

/** Result of {@link parseSummary}. */
export interface ParsedSummary {
  /** The `# Table of Contents` / `# Summary` title, when present. */
  readonly title: string | undefined;
  readonly groups: SummaryGroup[];
  /** Bullets without a link, in line order: skipped in `groups`, their children moved up (each naming them in `under`). */
  readonly unlinked: UnlinkedItem[];
  readonly notes: LineNote[];
}

const HEADING = /^ {0,3}(#{1,6})\s+(.*?)(?:\s+#+)?$/;
const BULLET = /^(\s*)(?:[*+-]|\d{1,9}[.)])\s+(.*)$/;
const RULE = /^(?:-{3,}|\*{3,}|_{3,})$/;
const LINES_PER_STEP = 64;
/**
 * Deepest nesting kept; deeper bullets become children of the page at this depth. Pages are walked
 * recursively from here to the bundle, and thousands of levels would overflow the stack.
 */
export const MAX_SUMMARY_DEPTH = 50;

/**
 * Parses every `SUMMARY.md` dialect GitBook repos use: optional `#` title, `##`/`###` group headings,
 * `*`/`-`/`+` (or numbered) bullets nested by any indent (2, 4, a leading space, tabs), links with
 * labels. Nesting follows indentation depth, not a fixed step, up to {@link MAX_SUMMARY_DEPTH} levels.
 * Bullets without a link are skipped and their children move up to the nearest parent, each naming
 * the items it was listed under (`under`). Pure text:
 * targets are checked by `resolveSummary`. Time is linear in the text, however deep the nesting.
 */
export function parseSummary(text: string): ParsedSummary {
  return runAtOnce(parseSummarySteps(text));
}

/** {@link parseSummary} in steps, a few lines each, so a caller can let the event loop run between them. */
export function* parseSummarySteps(text: string): Generator<void, ParsedSummary, void> {
  const groups: SummaryGroup[] = [];
  const notes: LineNote[] = [];
  const unlinked: UnlinkedItem[] = [];
  let title: string | undefined;
  let group: SummaryGroup | undefined;
  // Items without a link stay on the stack too: what is indented under them names them (`chain`,
  // the unlinked items above it up to the nearest linked one, innermost first). `linked` is the
  // linked part of the stack, the parents.
  type Chain = { readonly item: UnlinkedItem; readonly outer: Chain | undefined };
  let stack: { indent: number; item?: SummaryItem; chain?: Chain }[] = [];
  let linked: SummaryItem[] = [];
  let inComment = false;
  let tooDeep = false;

  const lines = cleanText(text).split('\n');
  for (const [index, line] of lines.entries()) {
    if (index % LINES_PER_STEP === 0) yield;
    const lineNumber = index + 1;
    const trimmed = line.trim();
    if (inComment) {
      inComment = !trimmed.includes('-->');
      continue;
    }
    if (trimmed === '' || RULE.test(trimmed)) continue;
    if (trimmed.startsWith('<!--')) {
      inComment = !trimmed.includes('-->');
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading !== null) {
      const headingText = unescape(heading[2] ?? '').trim();
      if (heading[1] === '#' && title === undefined && groups.length === 0) {
        title = headingText;
      } else {
        group = { title: headingText, line: lineNumber, items: [] };
        groups.push(group);
        stack = [];
        linked = [];
      }
      continue;
    }
    const bullet = BULLET.exec(line);
    if (bullet === null) {
      notes.push({ line: lineNumber, message: 'not a list item or heading; ignored' });
      continue;
    }
    const indent = width(bullet[1] ?? '');
    const content = bullet[2] ?? '';
    while ((stack.at(-1)?.indent ?? -1) >= indent) if (stack.pop()?.item !== undefined) linked.pop();
    const chain = stack.at(-1)?.chain;
    const open = content.indexOf('[');
    const link = open < 0 ? undefined : scanLink(content, open);
    if (link === undefined) {
      const item = { title: unescape(content).trim(), line: lineNumber };
      unlinked.push(item);
      notes.push({ line: lineNumber, message: 'list item has no [title](page.md) link; skipped' });
      stack.push({ indent, chain: { item, outer: chain } });
      continue;
    }
    const under: UnlinkedItem[] = [];
    for (let outer = chain; outer !== undefined; outer = outer.outer) under.push(outer.item);
    under.reverse();
    const item: SummaryItem = {
      title: link.text,
      target: link.target,
      label: link.title,
      line: lineNumber,
      children: [],
      ...(under.length > 0 ? { under } : {}),
    };
    if (group === undefined) {
      group = { title: undefined, line: undefined, items: [] };
      groups.push(group);
    }
    const depth = Math.min(linked.length, MAX_SUMMARY_DEPTH - 1);
    if (linked.length >= MAX_SUMMARY_DEPTH && !tooDeep) {
      tooDeep = true;
      notes.push({ line: lineNumber, message: `nested deeper than ${MAX_SUMMARY_DEPTH} levels; deeper pages are kept at level ${MAX_SUMMARY_DEPTH}` });
    }
    (linked[depth - 1]?.children ?? group.items).push(item);
    stack.push({ indent, item });
    linked.push(item);
  }
  return { title, groups, unlinked, notes };
}

/** Indent width; a tab advances to the next multiple of 4, as CommonMark counts it. */
function width(whitespace: string): number {
  let columns = 0;
  for (const char of whitespace) columns = char === '\t' ? columns + 4 - (columns % 4) : columns + 1;
  return columns;
}
