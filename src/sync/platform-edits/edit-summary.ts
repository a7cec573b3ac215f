import { joinDocPath, normalizeDocPath, parentOf } from '../../content/doc-path.js';
import { parseSummary, type SummaryItem } from '../../content/parse-summary.js';

/** Pages to add to, remove from and retitle in a `SUMMARY.md`, by path in the docs root. */
export interface SummaryEdits {
  readonly add: readonly { readonly title: string; readonly path: string }[];
  readonly remove: readonly string[];
  /** Pages whose link text becomes this title (where their bullets give one). */
  readonly retitle?: readonly { readonly title: string; readonly path: string }[];
}

/**
 * `SUMMARY.md` with the bullets linking removed pages taken out (their children move up), the link
 * text of retitled pages replaced, and a bullet for each added page at the end; every other line as
 * written. Pure.
 * `summary` is its own path in the docs root, which its links are relative to.
 */
export function editSummary(text: string, summary: string, edits: SummaryEdits): string {
  const folder = parentOf(summary);
  const removed = new Set(edits.remove);
  const titles = new Map((edits.retitle ?? []).map(({ title, path }) => [path, title]));
  const drop = new Set<number>();
  const retitled = new Map<number, string>();
  const visit = (items: readonly SummaryItem[]): void => {
    for (const item of items) {
      const path = linkedPath(folder, item.target) ?? '';
      const title = titles.get(path);
      if (removed.has(path)) drop.add(item.line);
      else if (title !== undefined && item.title !== '' && item.title !== title) retitled.set(item.line, title);
      visit(item.children);
    }
  };
  for (const group of parseSummary(text).groups) visit(group.items);
  const lines = text
    .split('\n')
    .map((line, index) => withLinkText(line, retitled.get(index + 1)))
    .filter((_, index) => !drop.has(index + 1));
  const added = edits.add.map(({ title, path }) => `* [${linkText(title)}](${encodeLink(relative(folder, path))})`);
  if (added.length === 0) return lines.join('\n');
  const body = lines.join('\n').replace(/\n*$/, '');
  return `${body}\n${added.join('\n')}\n`;
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
