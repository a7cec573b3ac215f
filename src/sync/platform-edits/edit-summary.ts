import { joinDocPath, normalizeDocPath, parentOf } from '../../content/gitbook/doc-path.js';
import { parseSummary, type SummaryItem } from '../../content/gitbook/parse-summary.js';
import type { LivePlace } from './live-places.js';

/** A page to list, and the pages it goes beside or under when it has a place (by path in the docs root). */
export interface AddedPage extends LivePlace {
  readonly title: string;
  readonly path: string;
}

/** Pages to add to, remove from and retitle in a `SUMMARY.md`, by path in the docs root. */
export interface SummaryEdits {
  readonly add: readonly AddedPage[];
  readonly remove: readonly string[];
  /** Pages whose link text becomes this title (where their bullets give one). */
  readonly retitle?: readonly { readonly title: string; readonly path: string }[];
  /** Pages moved to another place: their bullets, with their subpages', go there as written. */
  readonly move?: readonly MovedPage[];
  /**
   * Removed pages the platform holds at another path (a new slug, a move), by their removed path:
   * the bullets listed under one that are not removed go under its new path, in their order.
   */
  readonly renamed?: ReadonlyMap<string, string>;
  /**
   * A renamed page placed under a page listed under it (git moved that one under it, the platform
   * moved it under that one) cannot be both: `platform` (default) gives that page the renamed
   * page's place and puts the renamed one under it; `git` keeps git's nesting, the renamed page at
   * its place in git's list with its pages under it.
   */
  readonly nesting?: 'platform' | 'git';
}

/** A listed page and the place it moved to. */
export interface MovedPage extends LivePlace {
  readonly path: string;
}

/** A bullet to place: a new one for an added page, or a moved page's lines (its own first, indented from its own). */
interface ToPlace {
  readonly page: LivePlace & { readonly path: string };
  readonly bullet: string | readonly string[];
}

/**
 * `SUMMARY.md` with a bullet for each added page at its place (after its previous sibling's bullet
 * and its children, else before its next sibling's, else first under its parent's; at the end when
 * none of them is listed, pages placed under or beside it then placed there), the bullets linking
 * removed pages taken out (the bullets listed under one, git's pages the platform never saw there,
 * go up a level to its place, as GitBook lifts the pages of an entry it cannot find), the link text
 * of retitled pages replaced, the bullets of moved pages (and their subpages') placed as added ones
 * are; every other line as written. Pure.
 * `summary` is its own path in the docs root, which its links are relative to.
 */
export function editSummary(original: string, summary: string, edits: SummaryEdits): string {
  const folder = parentOf(summary);
  const nested = nestedUnder(original, folder, edits);
  const gitNesting = edits.nesting === 'git';
  const move = [...(edits.move ?? []), ...followers(original, folder, edits, gitNesting ? new Map() : nested)];
  const add = gitNesting
    ? edits.add.map((page) => {
        const place = nested.get(page.path)?.place;
        return place === undefined ? page : { title: page.title, path: page.path, ...place };
      })
    : edits.add;
  const text = withPlacedPages(original, folder, add, move);
  const removed = new Set(edits.remove);
  const titles = new Map((edits.retitle ?? []).map(({ title, path }) => [path, title]));
  const lines = text.split('\n');
  const drop = new Set<number>();
  const retitled = new Map<number, string>();
  // Columns each line goes left by: the indent between each removed bullet it is listed under and that bullet's first child.
  const outdent = new Map<number, number>();
  const visit = (items: readonly SummaryItem[]): void => {
    for (const item of items) {
      const path = linkedPath(folder, item.target) ?? '';
      const title = titles.get(path);
      if (removed.has(path)) {
        drop.add(item.line);
        const [first] = item.children;
        const by = first === undefined ? 0 : indentOf(lines[first.line - 1]) - indentOf(lines[item.line - 1]);
        for (const line of descendantLines(item)) outdent.set(line, (outdent.get(line) ?? 0) + by);
      } else if (title !== undefined && item.title !== '' && item.title !== title) retitled.set(item.line, title);
      visit(item.children);
    }
  };
  for (const group of parseSummary(text).groups) visit(group.items);
  return lines
    .map((line, index) => withLinkText(outdented(line, outdent.get(index + 1) ?? 0), retitled.get(index + 1)))
    .filter((_, index) => !drop.has(index + 1))
    .join('\n');
}

/**
 * `SUMMARY.md` with the bullets linking a page of `renamed` (old path → new, in the docs root) linking
 * its new path; every other line as written. Pure.
 */
export function relinked(original: string, summary: string, renamed: ReadonlyMap<string, string>): string {
  if (renamed.size === 0) return original;
  const folder = parentOf(summary);
  const lines = original.split('\n');
  const visit = (items: readonly SummaryItem[]): void => {
    for (const item of items) {
      const to = renamed.get(linkedPath(folder, item.target) ?? '');
      const line = lines[item.line - 1];
      if (to !== undefined && line !== undefined) lines[item.line - 1] = line.replace(`](${item.target}`, `](${encodeLink(relative(folder, to))}`);
      visit(item.children);
    }
  };
  for (const group of parseSummary(original).groups) visit(group.items);
  return lines.join('\n');
}

function indentOf(line: string | undefined): number {
  return /^[ \t]*/.exec(line ?? '')?.[0].length ?? 0;
}

function outdented(line: string, by: number): string {
  return by <= 0 ? line : line.slice(Math.min(by, indentOf(line)));
}

/** The lines of the bullets listed under an item, at any depth, those without a link among them. */
function descendantLines(item: SummaryItem): Set<number> {
  return new Set(item.children.flatMap((child) => [...(child.under ?? []).map((unlinked) => unlinked.line), child.line, ...descendantLines(child)]));
}

/**
 * The repository's own `SUMMARY.md` from the one a bundle carries when the repository's does not list
 * its readme: the bullet put first for the import taken out again, with the blank line put after it
 * before a heading. Pure.
 */
export function withoutListedReadme(text: string, summary: string, readme: string): string {
  const folder = parentOf(summary);
  const first = parseSummary(text)
    .groups.flatMap((group) => group.items)
    .find((item) => linkedPath(folder, item.target) === readme);
  if (first === undefined) return text;
  const lines = text.split('\n');
  const index = first.line - 1;
  const blank = lines[index + 1] === '' && /^ {0,3}#/.test(lines[index + 2] ?? '');
  lines.splice(index, blank ? 2 : 1);
  return lines.join('\n');
}

/** The renamed pages (by new path) placed under a page listed under them: see {@link SummaryEdits.nesting}. */
export function renamedUnderTheirOwn(original: string, summary: string, edits: SummaryEdits): ReadonlySet<string> {
  return new Set(nestedUnder(original, parentOf(summary), edits).keys());
}

/**
 * Renamed pages placed under a page listed under them (git moved it there; the platform moved the
 * renamed page under it), by new path: that page (the one listed right under the renamed page that
 * holds it) and the renamed page's place in the list.
 */
function nestedUnder(text: string, folder: string, edits: SummaryEdits): Map<string, { holder: string; place: LivePlace }> {
  const renamed = edits.renamed ?? new Map<string, string>();
  const removed = new Set(edits.remove);
  const parentOfAdded = new Map(edits.add.map((page) => [page.path, page.parent]));
  const nested = new Map<string, { holder: string; place: LivePlace }>();
  const visit = (items: readonly SummaryItem[], parent: string | undefined): void =>
    items.forEach((item, index) => {
      const own = linkedPath(folder, item.target) ?? '';
      const to = removed.has(own) ? renamed.get(own) : undefined;
      const under = to === undefined ? undefined : parentOfAdded.get(to);
      const holder = under === undefined ? undefined : item.children.find((child) => listedPaths(folder, [child]).has(under));
      if (to !== undefined && holder !== undefined) {
        const [previous, next] = [items[index - 1], items[index + 1]];
        const after = previous === undefined ? undefined : linkedPath(folder, previous.target);
        const before = next === undefined ? undefined : linkedPath(folder, next.target);
        const place = after !== undefined ? { after } : { ...(parent === undefined ? {} : { parent }), ...(before === undefined ? {} : { before }) };
        nested.set(to, { holder: linkedPath(folder, holder.target) ?? '', place });
      }
      visit(item.children, own);
    });
  for (const group of parseSummary(text).groups) visit(group.items, undefined);
  return nested;
}

/**
 * The pages listed under a removed page the platform renamed, neither removed nor moved themselves,
 * placed under its new path: after the nearest sibling before them that stays (by its new path when
 * renamed), else before the nearest renamed one after them, else first. Those listed under a page
 * removed there and not renamed are its: they go up to its place. The page of `nested` a renamed
 * page goes under takes its place instead.
 */
function followers(text: string, folder: string, edits: SummaryEdits, nested: ReadonlyMap<string, { holder: string; place: LivePlace }>): MovedPage[] {
  const renamed = edits.renamed ?? new Map<string, string>();
  if (renamed.size === 0) return [];
  const [removed, moved] = [new Set(edits.remove), new Set((edits.move ?? []).map((page) => page.path))];
  const follow: MovedPage[] = [];
  for (const { holder, place } of nested.values()) {
    follow.push({ path: holder, ...place });
    moved.add(holder);
  }
  // The children of a page, each removed one not renamed in its place replaced by its own.
  const liftedChildren = (children: readonly SummaryItem[]): SummaryItem[] =>
    children.flatMap((child) => {
      const path = linkedPath(folder, child.target) ?? '';
      return removed.has(path) && !renamed.has(path) ? liftedChildren(child.children) : [child];
    });
  const visit = (items: readonly SummaryItem[]): void => {
    for (const item of items) {
      const own = linkedPath(folder, item.target) ?? '';
      const to = removed.has(own) ? renamed.get(own) : undefined;
      if (to !== undefined) {
        const paths = liftedChildren(item.children).map((child) => linkedPath(folder, child.target) ?? '');
        // Where each sibling is once edited: its new path, itself when it stays here, nowhere when removed or moved away.
        const at = paths.map((path) => (removed.has(path) ? renamed.get(path) : moved.has(path) ? undefined : path));
        paths.forEach((path, index) => {
          if (removed.has(path) || moved.has(path)) return;
          const after = at.slice(0, index).findLast((sibling) => sibling !== undefined);
          const before = paths
            .slice(index + 1)
            .flatMap((sibling) => (removed.has(sibling) ? [renamed.get(sibling)] : []))
            .find((sibling) => sibling !== undefined);
          follow.push({ path, ...(after !== undefined ? { after } : { parent: to, ...(before === undefined ? {} : { before }) }) });
        });
      }
      visit(item.children);
    }
  };
  for (const group of parseSummary(text).groups) visit(group.items);
  return follow;
}

/** The paths `items` and the pages under them link. */
function listedPaths(folder: string, items: readonly SummaryItem[]): Set<string> {
  return new Set(items.flatMap((item) => [linkedPath(folder, item.target) ?? '', ...listedPaths(folder, item.children)]));
}

/**
 * The text with a bullet for each added page at its place: where its previous sibling, next
 * sibling or parent is listed (pages placed beside one another placed in turn); when no page left
 * has one listed, the first of them at the end, so that pages placed beside or under it follow.
 */
function withPlacedPages(text: string, folder: string, add: readonly AddedPage[], move: readonly MovedPage[]): string {
  const lines = text.split('\n');
  const cut = cutBullets(lines, folder, move);
  let pending: ToPlace[] = [...add.map((page) => ({ page, bullet: bulletLink(folder, page) })), ...cut];
  while (pending.length > 0) {
    let placedOne = false;
    const listed = new Map<string, { item: SummaryItem; last: number }>();
    const visit = (items: readonly SummaryItem[]): number =>
      items.reduce((last, item) => {
        const end = Math.max(item.line, visit(item.children));
        listed.set(linkedPath(folder, item.target) ?? '', { item, last: end });
        return Math.max(last, end);
      }, 0);
    for (const group of parseSummary(lines.join('\n')).groups) visit(group.items);
    for (const entry of pending) {
      const at = placeOf(entry.page, listed, lines);
      if (at === undefined) continue;
      lines.splice(at.index, 0, ...bulletLines(entry.bullet, at.indent, at.marker));
      pending = pending.filter((other) => other !== entry);
      placedOne = true;
      // Lines moved: the next page is placed against a fresh parse.
      break;
    }
    const [first] = pending;
    if (placedOne || first === undefined) continue;
    while (lines.at(-1) === '') lines.pop();
    lines.push(...bulletLines(first.bullet, '', '*'), '');
    pending = pending.slice(1);
  }
  return lines.join('\n');
}

/**
 * The bullets of `move` taken out of `lines` with their subpages' (a page inside another moved one
 * moves with it), as bullets to place: each block's lines with its own indent taken off, and its
 * marker off its first line.
 */
function cutBullets(lines: string[], folder: string, move: readonly MovedPage[]): ToPlace[] {
  const wanted = new Map(move.map((page) => [page.path, page]));
  const blocks: { page: MovedPage; first: number; last: number }[] = [];
  const visit = (items: readonly SummaryItem[]): number =>
    items.reduce((last, item) => {
      const end = Math.max(item.line, visit(item.children));
      const page = wanted.get(linkedPath(folder, item.target) ?? '');
      if (page !== undefined) blocks.push({ page, first: item.line, last: end });
      return Math.max(last, end);
    }, 0);
  for (const group of parseSummary(lines.join('\n')).groups) visit(group.items);
  const outer = blocks.filter((block) => !blocks.some((other) => other !== block && other.first < block.first && block.last <= other.last));
  const cut: ToPlace[] = [];
  for (const block of [...outer].sort((a, b) => b.first - a.first)) {
    const taken = lines.splice(block.first - 1, block.last - block.first + 1);
    const indent = /^\s*/.exec(taken[0] ?? '')?.[0] ?? '';
    const own = taken.map((line, index) => {
      const bare = line.startsWith(indent) ? line.slice(indent.length) : line.trimStart();
      return index === 0 ? bare.replace(/^([*+-]|\d{1,9}[.)])\s+/, '') : bare;
    });
    cut.unshift({ page: block.page, bullet: own });
  }
  return cut;
}

/** A bullet's lines at `indent` with `marker`: a new one's link, or a moved block. */
function bulletLines(bullet: string | readonly string[], indent: string, marker: string): string[] {
  if (typeof bullet === 'string') return [`${indent}${marker} ${bullet}`];
  return bullet.map((line, index) => (index === 0 ? `${indent}${marker} ${line}` : line === '' ? line : `${indent}${line}`));
}

/** Where an added page's bullet goes (the index of the line it becomes), with its indent and marker. */
function placeOf(
  page: LivePlace,
  listed: ReadonlyMap<string, { item: SummaryItem; last: number }>,
  lines: readonly string[],
): { index: number; indent: string; marker: string } | undefined {
  const bullet = (line: number): { indent: string; marker: string } => {
    const match = /^(\s*)([*+-]|\d{1,9}[.)])/.exec(lines[line - 1] ?? '');
    return { indent: match?.[1] ?? '', marker: /^\d/.test(match?.[2] ?? '') ? '*' : (match?.[2] ?? '*') };
  };
  const after = page.after === undefined ? undefined : listed.get(page.after);
  if (after !== undefined) return { index: after.last, ...bullet(after.item.line) };
  const before = page.before === undefined ? undefined : listed.get(page.before);
  if (before !== undefined) return { index: before.item.line - 1, ...bullet(before.item.line) };
  const parent = page.parent === undefined ? undefined : listed.get(page.parent);
  if (parent === undefined) return undefined;
  const child = parent.item.children[0];
  const own = bullet(parent.item.line);
  return { index: parent.item.line, ...(child === undefined ? { indent: `${own.indent}  `, marker: own.marker } : bullet(child.line)) };
}

/** `[Title](path)`: a bullet's link to an added page. */
function bulletLink(folder: string, page: AddedPage): string {
  return `[${linkText(page.title)}](${encodeLink(relative(folder, page.path))})`;
}

/** A bullet's line with the text of its link replaced by `title`; as it is without one. */
function withLinkText(line: string, title: string | undefined): string {
  const open = line.indexOf('[');
  if (title === undefined || open < 0) return line;
  let depth = 0;
  for (let at = open; at < line.length; at++) {
    if (line[at] === '\\') at++;
    else if (line[at] === '[') depth++;
    else if (line[at] === ']' && --depth === 0) return `${line.slice(0, open + 1)}${linkText(title)}${line.slice(at)}`;
  }
  return line;
}

function linkText(title: string): string {
  return title.replace(/\s+/g, ' ').replace(/[\\[\]]/g, '\\$&');
}

function linkedPath(folder: string, target: string): string | undefined {
  const bare = target.trim().replace(/[#?].*$/s, '');
  let decoded = bare;
  try {
    decoded = decodeURIComponent(bare);
  } catch {
    // a literal % in a file name
  }
  return normalizeDocPath(decoded.startsWith('/') ? decoded.replace(/^\/+/, '') : joinDocPath(folder, decoded));
}

function relative(folder: string, path: string): string {
  return folder !== '' && path.startsWith(`${folder}/`) ? path.slice(folder.length + 1) : folder === '' ? path : `/${path}`;
}

function encodeLink(path: string): string {
  return path
    .split('/')
    .map((segment) => encodeURIComponent(segment).replace(/\(/g, '%28').replace(/\)/g, '%29'))
    .join('/');
}
