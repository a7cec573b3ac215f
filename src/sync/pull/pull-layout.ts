import { joinDocPath, normalizeDocPath, relativeTo } from '../../content/gitbook/doc-path.js';
import type { File, Page } from '../../api/schemas/content.js';
import type { PullRecord } from './pull-record.js';

/** A document page and the file it is written to, with its child pages. */
export interface LaidOutPage {
  readonly page: Page;
  /** Path relative to the pulled folder, `/`-separated. */
  readonly file: string;
  readonly children: readonly LaidOutPage[];
  /** The heading pages docsync made of items without a link that hold it, below its parent, outermost first. */
  readonly under?: readonly HeadingItem[] | undefined;
}

/** A heading page docsync made of an item of `SUMMARY.md` without a link: a bullet without a link again. */
export interface HeadingItem {
  readonly id: string;
  readonly title: string;
}

/** A `##` group of SUMMARY.md; `title` is undefined for the pages before the first group. */
export interface LaidOutGroup {
  readonly title: string | undefined;
  readonly pages: readonly LaidOutPage[];
}

export interface PullLayout {
  /** The docs root (`.gitbook.yaml` `root`), '' for the folder itself; pages and SUMMARY.md go below it. */
  readonly root: string;
  readonly groups: readonly LaidOutGroup[];
  /** Every document page in SUMMARY.md order. */
  readonly pages: readonly LaidOutPage[];
  readonly assets: readonly { readonly file: File; readonly path: string }[];
  /** The first page, relative to the root: `structure.readme` of `.gitbook.yaml`. */
  readonly readme: string | undefined;
  readonly warnings: readonly string[];
}

/**
 * Where each page and file of a space goes in a GitBook-format folder whose docs root is `root`. A
 * page or file keeps its `git.path` (the path it was synced from, relative to the docs root, so a
 * shared folder in it stays) when it has a usable one, so syncing the folder back matches every page;
 * else its path follows the page path, `README.md` for a page with children. The first page becomes
 * the readme when nothing else claims it. A git path outside the docs layout (a dot-folder such as
 * `.github/`, or `docsync.yaml`) is not kept unless `anyPath` is set: pulled over a repository, it
 * would plant a CI workflow or replace the configuration. Where the API keeps no git path (today's),
 * `known` (docsync's record of what it delivered) gives it, and names docsync's heading pages, which
 * hold no file: `##` groups again at the top level, items without a link below. `readme`: the file
 * (relative to the root) the first page is when nothing else claims it; null for a repo without one,
 * where the first page's path follows its page path too. Pure: same input, same layout.
 */
export function planPullLayout(
  tree: readonly Page[],
  files: readonly File[],
  root = '',
  summary = 'SUMMARY.md',
  anyPath = false,
  known?: PullRecord,
  readme: string | null = 'README.md',
): PullLayout {
  const warnings: string[] = [];
  /** The git path to keep for a page or file, else undefined (with a warning when it is outside the docs layout). */
  const gitPathOf = (raw: string | undefined, what: string): string | undefined => {
    if (raw !== undefined && CONTROL_CHARACTER.test(raw)) {
      warnings.push(`${what} has a control character in its git path: written where docsync places it instead`);
      return undefined;
    }
    const git = usableGitPath(raw);
    if (git === undefined || anyPath || !outsideDocsLayout(joinDocPath(root, git))) return git;
    warnings.push(`${what} was synced from ${git}, outside the docs layout: written where docsync places it instead (--any-path keeps its path)`);
    return undefined;
  };
  // Lower-cased: a case-insensitive file system must not merge two files. The repo's own files are taken.
  const used = new Set<string>([joinDocPath(root, summary).toLowerCase(), '.gitbook.yaml']);
  const claim = (wanted: string): string => {
    let candidate = wanted;
    // `a.md` → `a-2.md`, `guides/README.md` → `guides-2/README.md`, `x.png` → `x-2.png`.
    for (let n = 2; used.has(candidate.toLowerCase()); n++) candidate = wanted.replace(/(\/README\.md|\.[^./]*)?$/i, (m) => `-${n}${m}`);
    used.add(candidate.toLowerCase());
    return candidate;
  };
  // Pages with a git path claim theirs first, so a derived path never takes one from them.
  const isHeading = (page: Page): boolean => page.type === 'document' && known?.headings?.has(page.id) === true;
  const fromGit = new Map<string, string>();
  for (const page of documents(tree, isHeading)) {
    const git = gitPathOf(page.git?.path ?? known?.pages.get(page.id), `page "${page.title}"`);
    if (git === undefined || !/\.md$/i.test(git) || used.has(joinDocPath(root, git).toLowerCase())) continue;
    fromGit.set(page.id, claim(joinDocPath(root, git)));
  }
  const firstDocument = documents(tree, isHeading)[0];
  const rootReadme = readme === null ? undefined : joinDocPath(root, readme);
  if (firstDocument && rootReadme !== undefined && !fromGit.has(firstDocument.id) && !used.has(rootReadme.toLowerCase()))
    fromGit.set(firstDocument.id, claim(rootReadme));

  const holdsDocuments = (pages: readonly Page[]): boolean =>
    pages.some((page) => (page.type === 'document' && !isHeading(page)) || ((page.type === 'group' || isHeading(page)) && holdsDocuments(page.pages ?? [])));
  // A page without a git path goes where GitBook's export puts it: in its parent's folder (its group's, at the top).
  const layOut = (page: Page, folder: string | undefined): LaidOutPage => {
    const file = fromGit.get(page.id) ?? claim(joinDocPath(root, derivedPath(page, holdsDocuments(page.pages ?? []), folder)));
    const children = layOutList(page.pages ?? [], `"${page.title}"`, childFolder(relativeTo(root, file) ?? file));
    return { page, file, children };
  };
  const layOutList = (pages: readonly Page[], where: string, folder: string | undefined): LaidOutPage[] => {
    const out: LaidOutPage[] = [];
    for (const page of pages) {
      if (isHeading(page)) {
        const item = { id: page.id, title: page.title };
        out.push(...layOutList(page.pages ?? [], `"${page.title}"`, folder).map((laid) => ({ ...laid, under: [item, ...(laid.under ?? [])] })));
      } else if (page.type === 'document') out.push(layOut(page, folder));
      else if (page.type === 'group') {
        warnings.push(`group "${page.title}" inside ${where}: SUMMARY.md has groups only at the top; its pages moved up`);
        out.push(...layOutList(page.pages ?? [], where, folder));
      } else warnings.push(`${page.type} page "${page.title}" in ${where}: only documents and groups are pulled; skipped`);
    }
    return out;
  };

  const groups: { title: string | undefined; pages: LaidOutPage[] }[] = [];
  for (const page of tree) {
    if (page.type === 'group' || isHeading(page)) {
      // A group's pages go in a folder of its slug, as GitBook's export writes them; a heading page docsync made is no folder.
      const folder = isHeading(page) ? '' : `${safePath(lastSegment(page))}/`;
      groups.push({ title: page.title, pages: layOutList(page.pages ?? [], `group "${page.title}"`, folder) });
      continue;
    }
    let last = groups.at(-1);
    if (last === undefined) groups.push((last = { title: undefined, pages: [] }));
    else if (last.title !== undefined && page.type === 'document') {
      warnings.push(`page "${page.title}" follows group "${last.title}" at the top level: SUMMARY.md puts it in that group`);
    }
    last.pages.push(...layOutList([page], 'the top level', undefined));
  }

  const assets = files.map((file) => {
    const git = gitPathOf(file.git?.path ?? known?.files.get(file.id), `file "${file.name}"`);
    const name = file.name.replace(/[/\\]/g, '_').replace(CONTROL_CHARACTERS, '_').replace(/^\.+/, '_') || file.id;
    return { file, path: claim(joinDocPath(root, git !== undefined && !/\.md$/i.test(git) ? git : `.gitbook/assets/${name}`)) };
  });
  const pages = groups.flatMap((g) => flatten(g.pages));
  const first = pages[0]?.file;
  return { root, groups, pages, assets, readme: first === undefined ? undefined : relativeTo(root, first), warnings };
}

/** SUMMARY.md for a layout (links relative to its root): `##` per group, nested bullets, links URL-encoded. */
export function renderSummary(layout: PullLayout): string {
  const lines = ['# Table of contents', ''];
  const bullets = (pages: readonly LaidOutPage[], depth: number): void => {
    let open: readonly HeadingItem[] = [];
    for (const { page, file, children, under = [] } of pages) {
      // Items without a link this page is under and the one before was not: each a bullet of its own.
      let same = 0;
      while (same < open.length && same < under.length && open[same]?.id === under[same]?.id) same += 1;
      under.slice(same).forEach((item, at) => lines.push(`${'  '.repeat(depth + same + at)}* ${escapeTitle(item.title)}`));
      open = under;
      const indent = depth + under.length;
      lines.push(`${'  '.repeat(indent)}* [${escapeTitle(page.title)}](${encodeLink(relativeTo(layout.root, file) ?? file)})`);
      bullets(children, indent + 1);
    }
  };
  for (const group of layout.groups) {
    if (group.title !== undefined) lines.push(`## ${escapeTitle(group.title)}`, '');
    bullets(group.pages, 0);
    lines.push('');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

/** The document pages of a tree, but `skip`ped ones, in order. */
function documents(tree: readonly Page[], skip: (page: Page) => boolean): Page[] {
  const out: Page[] = [];
  const walk = (pages: readonly Page[]): void => {
    for (const page of pages) {
      if (page.type === 'document' && !skip(page)) out.push(page);
      walk(page.pages ?? []);
    }
  };
  walk(tree);
  return out;
}

function flatten(pages: readonly LaidOutPage[]): LaidOutPage[] {
  return pages.flatMap((p) => [p, ...flatten(p.children)]);
}

/** NUL and the other control characters: no file system takes the first, git and editors choke on the rest. */
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;
const CONTROL_CHARACTERS = new RegExp(CONTROL_CHARACTER.source, 'g');

/** A git path that stays inside the folder and names a file, else undefined. */
function usableGitPath(raw: string | undefined): string | undefined {
  const normal = raw === undefined ? undefined : normalizeDocPath(raw);
  return normal === undefined || normal === '' || normal.split('/').includes('.git') ? undefined : normal;
}

/** A dot-folder other than `.gitbook/` (`.github/`, `.husky/`), or docsync's own configuration at the top. */
function outsideDocsLayout(file: string): boolean {
  const segments = file.split('/');
  if (segments.length === 1) return /^docsync\.ya?ml$/i.test(file);
  return segments.slice(0, -1).some((segment) => segment.startsWith('.') && segment !== '.gitbook');
}

/**
 * `guides/install` → `guides/install.md`; with children → `guides/install/README.md`. In a folder (a
 * parent's, a group's), its last segment there: `concepts/pools-and-tides.md`.
 */
function derivedPath(page: Page, hasChildren: boolean, folder: string | undefined): string {
  const base = folder === undefined ? normalizeDocPath(page.path ?? '') || page.slug || slugOf(page.title) : `${folder}${lastSegment(page)}`;
  const safe = safePath(base);
  return hasChildren ? `${safe}/README.md` : `${safe}.md`;
}

/** Its path's last segment, else its slug, else a slug of its title. */
function lastSegment(page: Page): string {
  const segment = normalizeDocPath(page.path ?? '')
    ?.split('/')
    .pop();
  return segment || page.slug || slugOf(page.title);
}

/** Each segment without control characters and leading dots. */
function safePath(path: string): string {
  return path
    .split('/')
    .map((s) => s.replace(CONTROL_CHARACTERS, '-').replace(/^\.+/, '') || 'page')
    .join('/');
}

/** The folder a page's children go in: a `README.md`'s own, else one named as the page's file. */
function childFolder(file: string): string {
  if (/(^|\/)README\.md$/i.test(file)) return file.replace(/README\.md$/i, '');
  return `${file.replace(/\.md$/i, '')}/`;
}

function slugOf(title: string): string {
  return (
    title
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'page'
  );
}

/** One line, with the characters that would end the link text escaped. */
function escapeTitle(title: string): string {
  const line = title.replace(/\s+/g, ' ').trim() || 'Untitled';
  return line.replace(/[\\[\]]/g, '\\$&');
}

/** Each segment percent-encoded, parentheses too, so any file name survives as a link target. */
function encodeLink(file: string): string {
  return file
    .split('/')
    .map((s) => encodeURIComponent(s).replace(/\(/g, '%28').replace(/\)/g, '%29'))
    .join('/');
}
