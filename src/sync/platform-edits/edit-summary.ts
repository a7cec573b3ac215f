import { joinDocPath, normalizeDocPath, parentOf } from '../../content/doc-path.js';
import { parseSummary, type SummaryItem } from '../../content/parse-summary.js';

/** Pages to add to and remove from a `SUMMARY.md`, by path in the docs root. */
export interface SummaryEdits {
  readonly add: readonly { readonly title: string; readonly path: string }[];
  readonly remove: readonly string[];
}

/**
 * `SUMMARY.md` with the bullets linking removed pages taken out (their children move up) and a
 * bullet for each added page at the end; every other line as written. Pure.
 * `summary` is its own path in the docs root, which its links are relative to.
 */
export function editSummary(text: string, summary: string, edits: SummaryEdits): string {
  const folder = parentOf(summary);
  const removed = new Set(edits.remove);
  const drop = new Set<number>();
  const visit = (items: readonly SummaryItem[]): void => {
    for (const item of items) {
      if (removed.has(linkedPath(folder, item.target) ?? '')) drop.add(item.line);
      visit(item.children);
    }
  };
  for (const group of parseSummary(text).groups) visit(group.items);
  const lines = text.split('\n').filter((_, index) => !drop.has(index + 1));
  const added = edits.add.map(({ title, path }) => `* [${title.replace(/\s+/g, ' ').replace(/[\\[\]]/g, '\\$&')}](${encodeLink(relative(folder, path))})`);
  if (added.length === 0) return lines.join('\n');
  const body = lines.join('\n').replace(/\n*$/, '');
  return `${body}\n${added.join('\n')}\n`;
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
