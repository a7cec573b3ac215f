import fc from 'fast-check';
import { parseSummary, type SummaryItem } from '../../src/content/gitbook/parse-summary.js';

/** A page of a small generated repo: its file (relative to the docs root) and title. */
export interface LawPage {
  readonly path: string;
  readonly title: string;
  /** The path of the page it is listed under in `SUMMARY.md`, undefined at the top. */
  readonly parent: string | undefined;
}

/** A small GitBook-format docs folder (5 to 15 pages) for the law of platform edits. */
export interface LawRepo {
  /** Every file of the docs root by its path. */
  readonly files: Record<string, string>;
  readonly pages: readonly LawPage[];
}

/**
 * A page's text: its title as the leading heading and three paragraphs apart from each other, so
 * changes in different paragraphs merge cleanly and changes after the same one conflict.
 */
export function pageText(title: string, first = `About ${title}.`): string {
  return `# ${title}\n\n${first}\n\nMore on ${title}.\n\nThe end of ${title}.\n`;
}

/** Repos of a readme and 2 to 5 sections of 1 to 3 pages each: 5 to 15 pages in two levels. */
export function lawRepoArbitrary(): fc.Arbitrary<LawRepo> {
  return fc
    .array(fc.nat({ max: 2 }), { minLength: 2, maxLength: 5 })
    .filter((sections) => sections.reduce((sum, children) => sum + children + 2, 0) - 1 >= 5)
    .map(lawRepo);
}

/** The repo of a readme and one section per entry, with that many pages under it. */
export function lawRepo(sections: readonly number[]): LawRepo {
  const pages: LawPage[] = [{ path: 'README.md', title: 'Introduction', parent: undefined }];
  sections.forEach((children, s) => {
    const section = children === 0 ? `section-${s + 1}.md` : `section-${s + 1}/README.md`;
    pages.push({ path: section, title: `Section ${s + 1}`, parent: undefined });
    for (let c = 1; c <= children; c += 1) pages.push({ path: `section-${s + 1}/topic-${c}.md`, title: `Topic ${s + 1}.${c}`, parent: section });
  });
  const files: Record<string, string> = {
    '.gitbook.yaml': 'root: ./\n\nstructure:\n  readme: README.md\n  summary: SUMMARY.md\n',
    'SUMMARY.md': `# Table of contents\n\n${pages.map((page) => `${page.parent === undefined ? '' : '  '}* [${page.title}](${page.path})`).join('\n')}\n`,
  };
  for (const page of pages) files[page.path] = pageText(page.title);
  return { files, pages };
}

/**
 * The pages a `SUMMARY.md` lists, with the page each is under, in order. Given the repo's `files`,
 * as docsync reads it: an entry without its file, or listed before, is skipped, its children under
 * its parent.
 */
export function summaryPages(text: string, files?: ReadonlySet<string>): LawPage[] {
  const pages: LawPage[] = [];
  const seen = new Set<string>();
  const walk = (items: readonly SummaryItem[], parent: string | undefined): void =>
    items.forEach((item) => {
      const path = decodeURI(item.target.replace(/^\.?\//, ''));
      if (files !== undefined && (!files.has(path) || seen.has(path))) {
        walk(item.children, parent);
        return;
      }
      seen.add(path);
      pages.push({ path, title: item.title, parent });
      walk(item.children, path);
    });
  for (const group of parseSummary(text).groups) walk(group.items, undefined);
  return pages;
}

/** `SUMMARY.md` with `path`'s bullet (and any bullets under it) removed. */
export function withoutBullet(summary: string, path: string): string {
  const lines = summary.split('\n');
  const at = lines.findIndex((line) => bulletPath(line) === path);
  if (at < 0) return summary;
  const indent = indentOf(lines[at] ?? '');
  let end = at + 1;
  while (end < lines.length && (lines[end] ?? '').trim() !== '' && indentOf(lines[end] ?? '') > indent) end += 1;
  return [...lines.slice(0, at), ...lines.slice(end)].join('\n');
}

/** `SUMMARY.md` with a bullet for `path` as the last child of `parent` (or the last top bullet). */
export function withBullet(summary: string, page: LawPage): string {
  const lines = summary.replace(/\n+$/, '').split('\n');
  const at = page.parent === undefined ? -1 : lines.findIndex((line) => bulletPath(line) === page.parent);
  const indent = at < 0 ? 0 : indentOf(lines[at] ?? '') + 2;
  let end = at < 0 ? lines.length : at + 1;
  if (at >= 0) while (end < lines.length && (lines[end] ?? '').trim() !== '' && indentOf(lines[end] ?? '') >= indent) end += 1;
  const bullet = `${' '.repeat(indent)}* [${page.title}](${encodeURI(page.path)})`;
  return `${[...lines.slice(0, end), bullet, ...lines.slice(end)].join('\n')}\n`;
}

function bulletPath(line: string): string | undefined {
  const target = /^\s*[*+-]\s+\[[^\]]*\]\(([^)\s]+)/.exec(line)?.[1];
  return target === undefined ? undefined : decodeURI(target.replace(/^\.?\//, ''));
}

function indentOf(line: string): number {
  return /^\s*/.exec(line)?.[0].length ?? 0;
}
