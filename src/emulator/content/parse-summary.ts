/** One entry of a GitBook `SUMMARY.md`: a group heading, or a link to a page file, each with children. */
export type SummaryItem =
  | { kind: 'group'; title: string; items: SummaryItem[] }
  | { kind: 'link'; title: string; target: string; items: SummaryItem[] };

const TITLE_HEADING = /^(table of contents|summary|contents)$/i;
const HEADING = /^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$/;
const BULLET = /^([ \t]*)[*+-]\s+(.*?)\s*$/;
const LINK = /^\[(.*)\]\((.*)\)$/;

/**
 * Reads the SUMMARY.md dialects real repos use: an optional `# Table of contents` title, `##`/`###`
 * headings as groups, `*`/`-`/`+` bullets nested by any consistent indent (2 or 4 spaces, tabs, a
 * stray leading space), `[Title](path.md "label")` links. Lines it cannot read are ignored.
 */
export function parseSummary(text: string): SummaryItem[] {
  const root: SummaryItem[] = [];
  let top = root;
  let stack: { indent: number; items: SummaryItem[] }[] = [];
  for (const raw of text.replace(/[\u200B-\u200D\uFEFF]/g, '').split(/\r?\n|\r/)) {
    const heading = HEADING.exec(raw);
    if (heading) {
      const title = heading[2] ?? '';
      if (heading[1] === '#' && TITLE_HEADING.test(title)) continue;
      const group: SummaryItem = { kind: 'group', title, items: [] };
      root.push(group);
      top = group.items;
      stack = [];
      continue;
    }
    const bullet = BULLET.exec(raw);
    if (!bullet) continue;
    const link = LINK.exec(bullet[2] ?? '');
    if (!link) continue;
    const indent = (bullet[1] ?? '').replace(/\t/g, '    ').length;
    while (stack.length > 0 && (stack.at(-1)?.indent ?? 0) >= indent) stack.pop();
    const item: SummaryItem = { kind: 'link', title: (link[1] ?? '').trim(), target: cleanTarget(link[2] ?? ''), items: [] };
    (stack.at(-1)?.items ?? top).push(item);
    stack.push({ indent, items: item.items });
  }
  return root;
}

/** `path.md "label"` → `path.md`; `<a b.md>` → `a b.md`. */
function cleanTarget(target: string): string {
  let clean = target.trim().replace(/\s+(["']).*\1$/, '').trim();
  if (clean.startsWith('<') && clean.endsWith('>')) clean = clean.slice(1, -1);
  return clean;
}
