import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import { parseSummary, type SummaryItem } from '../../src/content/gitbook/parse-summary.js';
import { scanLink } from '../../src/content/gitbook/scan-link.js';

/**
 * A GitBook-format folder as `pull(sync(repo)) == repo` compares it (docs/redirects-and-pull.md,
 * "The normalization"): each page by its git path, its frontmatter as data without the defaults
 * (`hidden: false`; a layout by the switches it turns off), its body with `\(` and `\)` unescaped and trailing blanks trimmed and every link into the folder written as
 * the path it resolves to plus its anchor (so `a%20b.png`, `<a b.png>` and `./a b.png` are one);
 * a frontmatter `title` as the page's title in the outline (the API holds one title per page);
 * each asset by its path and the hash of its bytes; SUMMARY.md as its outline (groups, titles, files,
 * nesting, link entries). `.gitbook.yaml` is left out: pull keeps the repo's own.
 */
export interface NormalRepo {
  readonly pages: Record<string, { frontmatter: Record<string, unknown>; body: string }>;
  readonly assets: Record<string, string>;
  /** SUMMARY.md's pages in order, each with its nesting depth: groups aside, which a contract may not keep. */
  readonly summary: unknown;
}

export async function normalizeRepo(dir: string): Promise<NormalRepo> {
  const files = await filesUnder(dir);
  const pages: NormalRepo['pages'] = {};
  const assets: NormalRepo['assets'] = {};
  let summaryText: string | undefined;
  for (const file of files) {
    const bytes = await readFile(path.join(dir, file));
    if (file === 'SUMMARY.md') summaryText = bytes.toString('utf8');
    else if (file.endsWith('.md')) pages[file] = normalPage(file, bytes.toString('utf8'), new Set(files));
    else if (file !== '.gitbook.yaml') assets[file] = createHash('sha256').update(bytes).digest('hex');
  }
  // The API holds one title per page: a frontmatter `title` is the page's title in the outline.
  const titles = new Map<string, string>();
  for (const [file, page] of Object.entries(pages)) {
    if (typeof page.frontmatter.title === 'string') titles.set(file, page.frontmatter.title);
    delete page.frontmatter.title;
  }
  return { pages, assets, summary: summaryText === undefined ? undefined : outlineOf(summaryText, titles) };
}

/** Relative links of the folder's pages (images and `src=` included) that name no file of it, as `page: target`. */
export async function brokenLinks(dir: string): Promise<string[]> {
  const files = await filesUnder(dir);
  const present = new Set(files);
  const broken: string[] = [];
  for (const file of files.filter((f) => f.endsWith('.md') && f !== 'SUMMARY.md')) {
    const text = await readFile(path.join(dir, file), 'utf8');
    for (const target of linkTargets(text)) {
      const resolved = resolveLink(file, target);
      if (resolved !== undefined && !present.has(resolved)) broken.push(`${file}: ${target}`);
    }
  }
  return broken;
}

function normalPage(file: string, text: string, present: ReadonlySet<string>): { frontmatter: Record<string, unknown>; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n/.exec(text);
  const data: unknown = match?.[1] === undefined ? {} : parse(match[1]);
  const frontmatter: Record<string, unknown> = typeof data === 'object' && data !== null ? { ...(data as Record<string, unknown>) } : {};
  if (frontmatter.hidden === false) delete frontmatter.hidden;
  // A layout by the switches it turns off: GitBook's export writes every switch once one is set.
  if (typeof frontmatter.layout === 'object' && frontmatter.layout !== null) {
    const off = Object.entries(frontmatter.layout as Record<string, { visible?: boolean }>)
      .filter(([, v]) => v.visible === false)
      .map(([k]) => k);
    if (off.length > 0) frontmatter.layout = off.sort();
    else delete frontmatter.layout;
  }
  // Backslash-escaped parentheses (`\(1\)`) read as what they escape.
  let body = (match ? text.slice(match[0].length) : text).replace(/\\([()])/g, '$1');
  for (const target of linkTargets(body)) {
    const resolved = resolveLink(file, target);
    if (resolved !== undefined && present.has(resolved)) body = body.split(target).join(`{${resolved}${anchorOf(target)}}`);
  }
  body = body.replace(/<(\{[^}]*\})>/g, '$1');
  return { frontmatter, body: body.replace(/\s+$/, '') };
}

function outlineOf(text: string, titles: ReadonlyMap<string, string>): unknown {
  const out: [number, string, string][] = [];
  const walk = (list: readonly SummaryItem[], depth: number): void => {
    for (const item of list) {
      const file = resolveLink('SUMMARY.md', item.target) ?? item.target;
      out.push([depth, titles.get(file) ?? item.title, file]);
      walk(item.children, depth + 1);
    }
  };
  for (const group of parseSummary(text).groups) walk(group.items, 0);
  return out;
}

/** Link destinations of markdown links and images, `src="…"` and `url="…"`. */
function linkTargets(text: string): string[] {
  const out: string[] = [];
  for (let at = text.indexOf('['); at >= 0; at = text.indexOf('[', at + 1)) {
    const link = scanLink(text, at);
    if (link !== undefined) out.push(link.target);
  }
  for (const m of text.matchAll(/\b(?:src|url)=(["'])(.*?)\1/g)) if (m[2] !== undefined) out.push(m[2]);
  return out;
}

/** The folder path a relative link names, undefined for external links and bare anchors. */
function resolveLink(file: string, target: string): string | undefined {
  const bare = target
    .trim()
    .replace(/[#?].*$/s, '')
    .replace(/\\([()[\]])/g, '$1');
  if (bare === '' || /^[a-z][a-z0-9+.-]*:/i.test(bare) || bare.startsWith('//')) return undefined;
  let decoded = bare;
  try {
    decoded = decodeURIComponent(bare);
  } catch {
    // a literal %
  }
  return path.posix.normalize(decoded.startsWith('/') ? decoded.slice(1) : path.posix.join(path.posix.dirname(file), decoded));
}

function anchorOf(target: string): string {
  const at = target.indexOf('#');
  return at < 0 ? '' : target.slice(at);
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .filter((f) => !f.startsWith('.docsync/') && !f.startsWith('.git/'))
    .sort();
}
