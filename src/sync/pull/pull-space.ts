import { lstat, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pMap from 'p-map';
import { Document, Scalar } from 'yaml';
import type { ApiClient } from '../../api/api-client.js';
import { apiPath } from '../../api/api-path.js';
import { FileSchema, type Page } from '../../api/schemas/content.js';
import { comparePaths } from '../../content/compare-paths.js';
import type { DocsSnapshot } from '../../content/gitbook/docs-snapshot.js';
import { joinDocPath } from '../../content/gitbook/doc-path.js';
import { hiddenSwitches, LAYOUT_SWITCHES } from '../../content/gitbook/page-meaning.js';
import { formatGitbookConfig, parseGitbookConfig, type GitbookConfig } from '../../content/gitbook/gitbook-config.js';
import { readDocsRepo } from '../../content/read-docs-repo.js';
import { TreeIgnore } from '../../content/git/tree-ignore.js';
import { WorktreeSource } from '../../content/git/worktree-source.js';
import { silentLogger, type Logger } from '../../logging/logger.js';
import { planPullLayout, renderSummary } from './pull-layout.js';
import type { PullRecord } from './pull-record.js';
import { pulledLinksOf } from './pulled-link-map.js';
import { rewritePulledLinks } from './pulled-links.js';
import { DownloadError } from '../../http/errors/download-error.js';
import type { Download } from '../../http/url-downloader.js';
import { PullDownloadError } from './pull-download-error.js';
import { PullTargetError } from './pull-target-error.js';
import { assertPageDepth, assertPullRoot, guardPullPaths } from './pull-write-guard.js';

export interface PullSpaceDeps {
  api: Pick<ApiClient, 'content' | 'list'>;
  /** Downloads asset bytes from their `downloadURL` (timeouts, retries, no signature in errors). */
  download: Download;
  logger?: Logger;
}

export interface PullSpaceOptions {
  spaceId: string;
  /** Folder to write; created when missing. */
  directory: string;
  /** Write into a non-empty folder (files there are overwritten, others left alone). Default false. */
  force?: boolean;
  /** Page reads and downloads in flight at once. Default 8. */
  concurrency?: number;
  /**
   * The folder is docsync's own scratch space, not part of the repository around it: read back
   * without that repository's `.gitignore` (see {@link TreeIgnore.isolated}). Default false.
   */
  isolated?: boolean;
  /** Keep git paths outside the docs layout (dot-folders, `docsync.yaml`). Default false. */
  anyPath?: boolean;
  /** Where docsync delivered each page and file from (its state), for an API that keeps no git paths. */
  known?: PullRecord | undefined;
  /** Without `known`: docsync's record rebuilt for the space's page tree (from its change-request marker), if any. */
  recordFor?: ((tree: readonly Page[]) => Promise<PullRecord | undefined>) | undefined;
}

export interface PullSpaceResult {
  directory: string;
  pages: number;
  groups: number;
  assets: number;
  /** Files written, relative to the folder. */
  written: string[];
  /** What was skipped or changed on the way: pages of other kinds, groups moved up. */
  warnings: string[];
  /** The folder read back as `docsync sync` will read it: its `contentHash` makes the next sync a no-op. */
  snapshot: DocsSnapshot;
}

/**
 * Writes a space's content as a GitBook-format folder: pages with frontmatter, `SUMMARY.md`,
 * `.gitbook.yaml`, assets. Everything is read and downloaded, and every path checked, before the first
 * write, so a failed read or download, or a symbolic link where a file goes, leaves the folder
 * untouched. Then the folder is read back with the same reader a sync uses.
 */
export async function pullSpace(deps: PullSpaceDeps, options: PullSpaceOptions): Promise<PullSpaceResult> {
  const directory = path.resolve(options.directory);
  const logger = deps.logger ?? silentLogger;
  const entries = await entriesOf(directory);
  if (options.force !== true && entries > 0) throw PullTargetError.notEmpty(directory);
  const target = { spaceId: options.spaceId };
  const concurrency = Math.max(1, options.concurrency ?? 8);

  const [tree, files] = await Promise.all([
    deps.api.content.listPages(target),
    deps.api.list({ path: `${apiPath`/spaces/${options.spaceId}`}/content/files`, itemSchema: FileSchema, limit: 1000 }),
  ]);
  // Pulled over a repository (--force): its `.gitbook.yaml` says where the docs root is, and holds redirects the API never returns.
  const existing = options.force === true ? await readGitbookConfig(directory) : undefined;
  const root = existing?.root ?? '';
  const summary = existing?.structure.summary ?? 'SUMMARY.md';
  assertPullRoot(directory, root);
  assertPageDepth(directory, tree);
  const known = options.known ?? (await options.recordFor?.(tree));
  // The first page is the readme file the repository names, so pulling gives its layout back.
  const planned = planPullLayout(tree, files, root, summary, options.anyPath, known, existing?.structure.readme ?? 'README.md');
  // Every path checked before the first download and write; files that are not documentation left out.
  const guard = guardPullPaths(
    directory,
    ['.gitbook.yaml', joinDocPath(root, summary), ...planned.pages.map((p) => p.file), ...planned.assets.map((a) => a.path)],
    options.anyPath === true,
    ['.gitbook.yaml', joinDocPath(root, summary)],
  );
  const layout = { ...planned, assets: planned.assets.filter((asset) => !guard.skipped.has(asset.path)) };
  const links = pulledLinksOf(layout, known);
  const warnings = [...layout.warnings, ...guard.warnings];
  logger.info({ spaceId: options.spaceId, pages: layout.pages.length, assets: layout.assets.length }, 'pull: reading pages');

  // A cover names a file by id (or a URL): written as the path from the page to where that file goes.
  const assetPath = new Map(layout.assets.map((asset) => [asset.file.id, asset.path]));
  const coverOf = (page: Page, file: string): PageCover | undefined => {
    const ref = page.cover?.ref;
    const where = ref?.kind === 'file' && ref.file !== undefined ? assetPath.get(ref.file) : ref?.kind === 'url' ? ref.url : undefined;
    if (page.cover === undefined || where === undefined) return undefined;
    const image = ref?.kind === 'file' ? path.posix.relative(path.posix.dirname(file), where) : where;
    return { image, yPos: page.cover.yPos ?? 0 };
  };

  // The page listing leaves markdown out: one read per page.
  const bodies = await pMap(
    layout.pages,
    async ({ page, file }) => {
      const full = await deps.api.content.getPage(target, page.id, { format: 'markdown' });
      if (full.markdown === undefined) warnings.push(`page "${page.title}": the API sent no markdown; written empty`);
      if (full.cover !== undefined && coverOf(full, file) === undefined) warnings.push(`page "${page.title}": its cover is not a file of the space; left out`);
      return pageText({ ...full, cover: coverOf(full, file) }, rewritePulledLinks(full.markdown ?? '', file, links.originOf(page.id) ?? file, links));
    },
    { concurrency },
  );

  const failures: string[] = [];
  let firstFailure: unknown;
  let overCap: number | undefined;
  const assetBytes = await pMap(
    layout.assets,
    async ({ file, path: where }) => {
      try {
        return await deps.download(file.downloadURL);
      } catch (error) {
        firstFailure ??= error;
        if (error instanceof DownloadError) overCap ??= error.maxBytes;
        failures.push(`${where}: ${reasonOf(error)}`);
        return new Uint8Array();
      }
    },
    { concurrency },
  );
  // A folder missing a file would sync back as a deletion: fail before the first write instead.
  if (failures.length > 0) throw new PullDownloadError(failures.sort(), { cause: firstFailure, overCap });

  const writes: [relative: string, data: string | Uint8Array][] = [];
  const readme = layout.readme ?? 'README.md';
  if (existing === undefined || existing.structure.readme !== readme) {
    writes.push(['.gitbook.yaml', formatGitbookConfig({ root, structure: { readme, summary }, redirects: existing?.redirects ?? {} })]);
  }
  writes.push([joinDocPath(root, summary), renderSummary(layout)]);
  for (const [index, laidOut] of layout.pages.entries()) writes.push([laidOut.file, bodies[index] ?? '']);
  for (const [index, asset] of layout.assets.entries()) writes.push([asset.path, assetBytes[index] ?? new Uint8Array()]);
  if (entries > 0)
    await refuseLinks(
      directory,
      writes.map(([relative]) => relative),
    );

  const written: string[] = [];
  await mkdir(directory, { recursive: true });
  for (const [relative, data] of writes) {
    const file = path.join(directory, ...relative.split('/'));
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, data);
    written.push(relative);
  }

  const snapshot = await readDocsRepo(new WorktreeSource(directory, options.isolated === true ? { ignore: TreeIgnore.isolated(directory) } : {}));
  warnings.push(...snapshot.warnings);
  return {
    directory,
    pages: layout.pages.length,
    groups: layout.groups.filter((g) => g.title !== undefined).length,
    assets: layout.assets.length,
    written,
    warnings,
    snapshot,
  };
}

/**
 * The page file: frontmatter only for what is set (`hidden` only when true, `layout` only when it
 * hides something), then the body verbatim. Written as GitBook's export writes it: description, icon,
 * cover, coverY, hidden, layout; a value too long for one 80-column line folded with `>-`.
 */
export function pageText(page: Pick<Page, 'description' | 'icon' | 'hidden' | 'layout'> & { cover?: PageCover | undefined }, markdown: string): string {
  const fields: [string, Scalar][] = [];
  const text = (key: string, value: string | undefined): void => {
    if (value === undefined || value === '') return;
    const node = new Scalar(value);
    const plain = new Document({ [key]: value }, YAML_1_1).toString(FRONTMATTER_STYLE);
    // Only where YAML would wrap the line anyway, and never a value with line breaks or edge spaces of its own.
    if (plain.trimEnd().includes('\n') && !/[\n\r]/.test(value) && value.trim() === value) node.type = Scalar.BLOCK_FOLDED;
    fields.push([key, node]);
  };
  text('description', page.description);
  text('icon', page.icon);
  if (page.cover !== undefined) {
    text('cover', page.cover.image);
    fields.push(['coverY', new Scalar(page.cover.yPos)]);
  }
  if (page.hidden === true) fields.push(['hidden', new Scalar(true)]);
  const hidden = hiddenSwitches(page.layout);
  if (fields.length === 0 && hidden.length === 0) return markdown;
  const data = new Document({}, YAML_1_1);
  for (const [key, node] of fields) data.set(key, node);
  // GitBook writes every switch of a layout once one is set, each as `visible:`.
  if (hidden.length > 0) data.set('layout', Object.fromEntries(LAYOUT_SWITCHES.map((key) => [key, { visible: !hidden.includes(key) }])));
  return `---\n${data.toString(FRONTMATTER_STYLE)}---\n${markdown}`;
}

/** A page's cover as its frontmatter writes it: `cover:` (a path from the page, or a URL) and `coverY:`. */
export interface PageCover {
  readonly image: string;
  readonly yPos: number;
}

/**
 * GitBook's export writes frontmatter like js-yaml's defaults: 80 columns, single quotes, and YAML 1.1
 * words such as `yes` and `on` quoted. The `yaml` library writes the same with these options.
 */
const FRONTMATTER_STYLE = { lineWidth: 80, singleQuote: true } as const;
const YAML_1_1 = { version: '1.1' } as const;

/** The folder's `.gitbook.yaml`, when it has one. */
async function readGitbookConfig(directory: string): Promise<GitbookConfig | undefined> {
  try {
    return parseGitbookConfig(await readFile(path.join(directory, '.gitbook.yaml'), 'utf8')).config;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** `HTTP 404`, the download's own words, or an error's message with the errno of its cause. */
function reasonOf(error: unknown): string {
  if (error instanceof DownloadError && error.status !== undefined) return `HTTP ${error.status}`;
  if (!(error instanceof Error)) return String(error);
  const code = (error.cause as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? `${error.message} (${code})` : error.message;
}

/** How many entries the folder holds (0 when it does not exist yet). */
async function entriesOf(directory: string): Promise<number> {
  try {
    return (await readdir(directory)).length;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return 0;
    if (code === 'ENOTDIR') throw PullTargetError.notAFolder(directory, error);
    throw error;
  }
}

/**
 * A symbolic link on the way to a file the pull writes would take the write out of the folder (a
 * `README.md` linked to a file elsewhere, a `tmp/` linked to another folder): refused, every one named.
 */
async function refuseLinks(directory: string, files: readonly string[]): Promise<void> {
  const linkAt = async (relative: string): Promise<boolean> => {
    try {
      return (await lstat(path.join(directory, ...relative.split('/')))).isSymbolicLink();
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') return false;
      throw error;
    }
  };
  // Files share their folders: each folder is looked at once.
  const checked = new Map<string, Promise<boolean>>();
  const isLink = (relative: string): Promise<boolean> => {
    let known = checked.get(relative);
    if (known === undefined) checked.set(relative, (known = linkAt(relative)));
    return known;
  };
  const links = new Set<string>();
  for (const file of files) {
    const segments = file.split('/');
    for (let depth = 1; depth <= segments.length; depth++) {
      const prefix = segments.slice(0, depth).join('/');
      if (await isLink(prefix)) {
        links.add(prefix);
        break;
      }
    }
  }
  if (links.size > 0) throw PullTargetError.holdsLinks(directory, [...links].sort(comparePaths));
}
