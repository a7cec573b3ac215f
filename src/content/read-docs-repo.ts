import { type AssetRules, NO_ASSET_RULES } from './gitbook/asset-rules.js';
import { buildPageTree } from './gitbook/build-page-tree.js';
import { collectAssets } from './gitbook/collect-assets.js';
import { contentHash } from './content-hash.js';
import { comparePaths } from './compare-paths.js';
import { ContentLoader, type KnownFiles, type LoadedFile } from './content-loader.js';
import { joinDocPath, normalizeDocPath, parentOf, relativeTo } from './gitbook/doc-path.js';
import type { DocsSnapshot, SnapshotFile } from './gitbook/docs-snapshot.js';
import { DocsRootNotFoundError } from './errors/docs-root-not-found-error.js';
import { FileIndex } from './file-index.js';
import { gitBlobOid } from './git/git-blob-oid.js';
import { formatGitbookConfig } from './gitbook/gitbook-config.js';
import { locateDocs } from './gitbook/locate-docs.js';
import { type DocsOutline, outlineDocsSteps } from './gitbook/outline-docs.js';
import type { OutlineMemo } from './cache/outline-memo.js';
import type { OutlineGroup, OutlineNode } from './gitbook/outline.js';
import type { PageMeta } from './gitbook/parse-page-meta.js';
import { parseSummary } from './gitbook/parse-summary.js';
import { summaryStructure } from './gitbook/summary-structure.js';
import { TimeSlice } from './time-slice.js';
import type { TreeEntry, TreeSource } from './tree-source.js';

/** Larger "pages" are data dumps or mistakes; GitBook would not render them either. */
export const MAX_PAGE_BYTES = 5 * 1024 * 1024;

/** Options of {@link readDocsRepo}. */
export interface ReadDocsOptions {
  /** Project directory inside the source, where `.gitbook.yaml` lives. Default '' (the source's top). */
  readonly directory?: string;
  /** What an earlier read derived from files: those whose change token is unchanged are not read. Default: nothing. */
  readonly known?: KnownFiles;
  /** Files to bundle beyond those the docs reference, and files never to bundle. Default: none. */
  readonly assets?: AssetRules;
  /** Where the last outline is kept, to be taken again when built from the same texts and paths. Default: built each read. */
  readonly outlines?: OutlineMemo;
  /**
   * Given, after the read, the listing and each page's metadata with the title `SUMMARY.md` gave it
   * (by path from the source's top): what a later read needs to tell whether an edit changed more
   * than a page's content.
   */
  readonly derived?: (read: { readonly listing: readonly TreeEntry[]; readonly pages: ReadonlyMap<string, DerivedPage> }) => void;
}

/** What the read derived from one page's file, beyond its blob oid. */
export interface DerivedPage {
  readonly meta: PageMeta;
  /** The page's title in `SUMMARY.md`; undefined when the structure was inferred from folders. */
  readonly outlineTitle: string | undefined;
}

/**
 * Reads a GitBook-format docs tree: `.gitbook.yaml`, `SUMMARY.md` (or the folders), every page's
 * frontmatter and title, the assets. Reads only what `known` does not know; never fails on junk, only on a docs root
 * that does not exist (`DocsRootNotFoundError`). Everything skipped is in `warnings`.
 */
export async function readDocsRepo(source: TreeSource, options: ReadDocsOptions = {}): Promise<DocsSnapshot> {
  const directory = normalizeDocPath(options.directory ?? '');
  if (directory === undefined) throw new DocsRootNotFoundError(source.label, options.directory ?? '', undefined);
  const before = { files: source.counter.files, bytes: source.counter.bytes };
  const listing = await source.list();
  const index = new FileIndex(listing);
  const slice = new TimeSlice();
  const loader = new ContentLoader(source, index, options.known ?? (() => undefined), slice);
  const warnings: string[] = [];

  const configPath = joinDocPath(directory, '.gitbook.yaml');
  const configFile = (await loader.load([configPath], 'text')).get(configPath);
  const configText = configFile === undefined ? undefined : (configFile.text ?? '');
  const location = locateDocs(index, directory, configText);
  const { parsed: parsedConfig, root, readmePath, summaryPath } = location;
  warnings.push(...parsedConfig.warnings);
  const configKind = configFile === undefined ? source.notAFile?.(configPath) : undefined;
  if (configKind !== undefined) warnings.push(`${configPath}: not read, it is ${configKind} (docsync reads regular files only); using the defaults`);
  const { config } = parsedConfig;
  if (index.under(root).length === 0) {
    const hint = configFile === undefined ? undefined : `${configPath}:${parsedConfig.rootLine ?? 1} (root: ./${config.root})`;
    throw new DocsRootNotFoundError(source.label, root, hint);
  }
  const summaryFile = (await loader.load([summaryPath], 'text')).get(summaryPath);
  const summaryText = summaryFile === undefined ? undefined : (summaryFile.text ?? '');
  const summaryKind = summaryFile === undefined ? source.notAFile?.(summaryPath) : undefined;
  if (summaryKind !== undefined) {
    warnings.push(`${summaryPath}: not read, it is ${summaryKind} (docsync reads regular files only); no table of contents: pages inferred from folders`);
  }
  const assetRules = options.assets ?? NO_ASSET_RULES;
  const build = (): Promise<DocsOutline> => slice.run(outlineDocsSteps(index, location, summaryText));
  const outline = options.outlines === undefined ? await build() : await options.outlines.outline({ directory, configText, summaryText, listing }, build);
  warnings.push(...outline.warnings);
  const { groups } = outline;

  const pagePaths = outline.pages.filter((path) => {
    const size = index.get(path)?.size ?? 0;
    if (size <= MAX_PAGE_BYTES) return true;
    warnings.push(
      `${path}: page is ${(size / 1048576).toFixed(1)} MiB, over the ${MAX_PAGE_BYTES / 1048576} MiB a page may be; skipped (split it, or move data to .gitbook/assets/)`,
    );
    return false;
  });
  const pages = await loader.load(pagePaths, 'page');
  for (const file of pages.values()) {
    if (file.page?.binary !== true) continue;
    warnings.push(`${file.path}: not text (it holds NUL bytes), so not a markdown page; skipped`);
    pages.delete(file.path);
  }
  const pageTree = await slice.run(buildPageTree(groups, pages, root, warnings));
  const assets = await loader.load(await slice.run(collectAssets(index, root, pages, outline.files, assetRules, warnings)), 'oid');
  if (summaryFile !== undefined) warnUnlisted(outline.unlisted, summaryFile.path, warnings);

  if (options.derived !== undefined) options.derived({ listing, pages: derivedPages(groups, pages) });

  const files: SnapshotFile[] = [];
  const add = (file: LoadedFile | undefined): void => {
    const path = file === undefined ? undefined : relativeTo(root, file.path);
    if (file !== undefined && path !== undefined) files.push({ path, sourcePath: file.path, size: file.size, oid: file.oid });
  };
  if (configFile !== undefined && (config.root !== '' || parsedConfig.warnings.length > 0)) {
    // The bundle's top is the docs root, so its .gitbook.yaml must say `root: ./`; and a config we read
    // with warnings goes out as what we understood, not as the junk GitBook might read differently.
    files.push(generated('.gitbook.yaml', formatGitbookConfig({ ...config, root: '' })));
  } else {
    add(configFile);
  }
  // What the bundle's SUMMARY.md holds beyond pages, by its lines: kept with the snapshot, so a sync reports it without parsing the file again.
  let structure = outline.structure;
  if (summaryFile !== undefined && outline.readmeAdded) {
    // GitBook's import reads the table of contents from SUMMARY.md: the readme must be in it to land.
    const title = pageTree[0]?.pages[0]?.title ?? 'Introduction';
    const text = withReadmeListed(summaryFile.text ?? '', title, relativeTo(parentOf(summaryPath), readmePath) ?? readmePath);
    files.push(generated(relativeTo(root, summaryPath) ?? summaryPath, text));
    structure = summaryStructure(parseSummary(text));
  } else {
    add(summaryFile);
  }
  for (const file of pages.values()) add(file);
  for (const file of assets.values()) add(file);
  // One file per path (the last one given), sorted as the bundle lists them.
  const unique = [...new Map(files.map((file) => [file.path, file])).values()].sort((a, b) => comparePaths(a.path, b.path));

  return {
    source: source.label,
    root,
    config,
    readme: index.has(readmePath) ? relativeTo(root, readmePath) : undefined,
    summary: summaryFile === undefined ? undefined : relativeTo(root, summaryPath),
    summaryStructure: structure,
    pages: pageTree,
    files: unique,
    warnings,
    contentHash: contentHash(unique),
    stats: {
      listed: index.entries.length,
      read: source.counter.files - before.files,
      bytesRead: source.counter.bytes - before.bytes,
      cached: loader.cached,
    },
  };
}

/** Each read page's metadata with its outline title. */
function derivedPages(groups: readonly OutlineGroup[], pages: ReadonlyMap<string, LoadedFile>): Map<string, DerivedPage> {
  const derived = new Map<string, DerivedPage>();
  const walk = (nodes: readonly OutlineNode[]): void =>
    nodes.forEach((node) => {
      const meta = pages.get(node.path)?.page;
      if (meta !== undefined && !derived.has(node.path)) derived.set(node.path, { meta, outlineTitle: node.title });
      walk(node.children);
    });
  groups.forEach((group) => walk(group.nodes));
  return derived;
}

/** A file docsync writes into the bundle instead of the source's. */
function generated(path: string, text: string): SnapshotFile {
  const bytes = new TextEncoder().encode(text);
  return { path, bytes, size: bytes.length, oid: gitBlobOid(bytes) };
}

/** `SUMMARY.md` with a first entry for the readme, after its `# title` line when it has one. */
function withReadmeListed(summary: string, title: string, link: string): string {
  const lines = summary.split('\n');
  const at = lines.findIndex((line) => /^\s*(?:[*+-]|\d{1,9}[.)])\s|^ {0,3}#{2,6}\s/.test(line));
  const next = lines[at] ?? '';
  const heading = /^ {0,3}#/.test(next);
  // The same indent as the first bullet: a deeper one would make it that bullet's parent.
  const indent = heading ? '' : (/^\s*/.exec(next)?.[0] ?? '');
  const entry = `${indent}* [${title.replace(/[\\[\]]/g, '\\$&')}](${encodeURI(link)})`;
  const insert = heading ? [entry, ''] : [entry];
  lines.splice(at < 0 ? lines.length : at, 0, ...insert);
  return lines.join('\n');
}

/** MOST_UNLISTED paths are named; the rest are counted. */
const MOST_UNLISTED = 20;

/** One warning naming the markdown files `SUMMARY.md` leaves out: GitBook ignores them, so does the bundle. */
function warnUnlisted(unlisted: readonly string[], summaryPath: string, warnings: string[]): void {
  if (unlisted.length === 0) return;
  const named = unlisted.slice(0, MOST_UNLISTED).join(', ');
  const more = unlisted.length > MOST_UNLISTED ? ` and ${unlisted.length - MOST_UNLISTED} more` : '';
  const files = unlisted.length === 1 ? 'file is' : `${unlisted.length} files are`;
  warnings.push(`${summaryPath}: ${files} not listed, so not bundled: ${named}${more} (add them to ${summaryPath} to publish them)`);
}
