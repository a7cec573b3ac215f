import { createHash } from 'node:crypto';
import { buildPageTree } from './build-page-tree.js';
import { collectAssets } from './collect-assets.js';
import { comparePaths } from './compare-paths.js';
import { contentHash } from './content-hash.js';
import { ContentLoader, type LoadedFile } from './content-loader.js';
import { joinDocPath, normalizeDocPath, relativeTo } from './doc-path.js';
import type { DocsSnapshot, SnapshotFile } from './docs-snapshot.js';
import { DocsRootNotFoundError } from './errors/docs-root-not-found-error.js';
import { FileIndex } from './file-index.js';
import { DEFAULT_GITBOOK_CONFIG, formatGitbookConfig, type ParsedGitbookConfig, parseGitbookConfig } from './gitbook-config.js';
import { HashCache } from './hash-cache.js';
import { inferStructure } from './infer-structure.js';
import type { OutlineGroup, OutlineNode } from './outline.js';
import { parseSummary } from './parse-summary.js';
import { resolveSummary } from './resolve-summary.js';
import type { TreeSource } from './tree-source.js';

/** Larger "pages" are data dumps or mistakes; GitBook would not render them either. */
export const MAX_PAGE_BYTES = 5 * 1024 * 1024;

/** Options of {@link readDocsRepo}. */
export interface ReadDocsOptions {
  /** Project directory inside the source, where `.gitbook.yaml` lives. Default '' (the source's top). */
  readonly directory?: string;
  /**
   * Hashes and page metadata of earlier reads; files whose change token is unchanged are not read.
   * Default: a fresh in-memory cache. The caller saves it (`cache.save()`).
   */
  readonly cache?: HashCache;
}

/**
 * Reads a GitBook-format docs tree: `.gitbook.yaml`, `SUMMARY.md` (or the folders), every page's
 * frontmatter and title, the assets. Reads only cache misses; never fails on junk, only on a docs root
 * that does not exist (`DocsRootNotFoundError`). Everything skipped is in `warnings`.
 */
export async function readDocsRepo(source: TreeSource, options: ReadDocsOptions = {}): Promise<DocsSnapshot> {
  const directory = normalizeDocPath(options.directory ?? '');
  if (directory === undefined) throw new DocsRootNotFoundError(source.label, options.directory ?? '', undefined);
  const before = { files: source.counter.files, bytes: source.counter.bytes };
  const index = new FileIndex(await source.list());
  const loader = new ContentLoader(source, index, options.cache ?? HashCache.inMemory());
  const warnings: string[] = [];

  const configPath = joinDocPath(directory, '.gitbook.yaml');
  const configFile = (await loader.load([configPath], 'text')).get(configPath);
  const parsedConfig: ParsedGitbookConfig =
    configFile === undefined
      ? { config: DEFAULT_GITBOOK_CONFIG, warnings: [], rootLine: undefined }
      : parseGitbookConfig(configFile.text ?? '', configPath);
  warnings.push(...parsedConfig.warnings);
  const { config } = parsedConfig;
  const root = joinDocPath(directory, config.root);
  const rootEntries = index.under(root);
  if (rootEntries.length === 0) {
    const hint = configFile === undefined ? undefined : `${configPath}:${parsedConfig.rootLine ?? 1} (root: ./${config.root})`;
    throw new DocsRootNotFoundError(source.label, root, hint);
  }

  const configuredReadme = joinDocPath(root, config.structure.readme);
  const readmePath = index.has(configuredReadme) ? configuredReadme : (index.findIgnoringCase(configuredReadme) ?? configuredReadme);
  const summaryPath = joinDocPath(root, config.structure.summary);
  const summaryFile = (await loader.load([summaryPath], 'text')).get(summaryPath);
  let groups: OutlineGroup[];
  if (summaryFile === undefined) {
    if (config.structure.summary !== DEFAULT_GITBOOK_CONFIG.structure.summary) {
      warnings.push(`${configPath}: structure.summary "${config.structure.summary}" not found; pages inferred from folders`);
    }
    groups = inferStructure(index, root, readmePath);
  } else {
    const resolved = resolveSummary(parseSummary(summaryFile.text ?? ''), { summaryPath, root, index });
    warnings.push(...resolved.warnings);
    groups = resolved.groups;
    putReadmeFirst(groups, readmePath, index.has(readmePath));
  }
  if (!index.has(readmePath)) warnings.push(`${readmePath}: readme (structure.readme) not found; the space has no first page`);

  const pagePaths = outlinePaths(groups).filter((path) => {
    const size = index.get(path)?.size ?? 0;
    if (size <= MAX_PAGE_BYTES) return true;
    warnings.push(`${path}: page is ${(size / 1048576).toFixed(1)} MiB, over the ${MAX_PAGE_BYTES / 1048576} MiB a page may be; skipped (split it, or move data to .gitbook/assets/)`);
    return false;
  });
  const pages = await loader.load(pagePaths, 'page');
  for (const [path, file] of pages) {
    if (file.page?.binary !== true) continue;
    warnings.push(`${path}: not text (it holds NUL bytes), so not a markdown page; skipped`);
    pages.delete(path);
  }
  const pageTree = buildPageTree(groups, pages, root, warnings);
  const assets = await loader.load(collectAssets(index, root, pages, warnings), 'hash');
  warnUnlisted(rootEntries.map((entry) => entry.path), pages, summaryFile?.path, warnings);

  const files: SnapshotFile[] = [];
  const add = (file: LoadedFile | undefined): void => {
    const path = file === undefined ? undefined : relativeTo(root, file.path);
    if (file !== undefined && path !== undefined) files.push({ path, sourcePath: file.path, size: file.size, hash: file.sha256 });
  };
  if (configFile !== undefined && (config.root !== '' || parsedConfig.warnings.length > 0)) {
    // The bundle's top is the docs root, so its .gitbook.yaml must say `root: ./`; and a config we read
    // with warnings goes out as what we understood, not as the junk GitBook might read differently.
    const bytes = new TextEncoder().encode(formatGitbookConfig({ ...config, root: '' }));
    files.push({ path: '.gitbook.yaml', bytes, size: bytes.length, hash: createHash('sha256').update(bytes).digest('hex') });
  } else {
    add(configFile);
  }
  add(summaryFile);
  for (const file of pages.values()) add(file);
  for (const file of assets.values()) add(file);
  const unique = [...new Map(files.map((file) => [file.path, file])).values()].sort((a, b) => comparePaths(a.path, b.path));

  return {
    source: source.label,
    root,
    config,
    readme: index.has(readmePath) ? relativeTo(root, readmePath) : undefined,
    summary: summaryFile === undefined ? undefined : relativeTo(root, summaryPath),
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

/** The readme is the space's first page: when `SUMMARY.md` leaves it out, it goes in front. */
function putReadmeFirst(groups: OutlineGroup[], readmePath: string, exists: boolean): void {
  if (!exists || outlinePaths(groups).includes(readmePath)) return;
  const node: OutlineNode = { path: readmePath, title: undefined, label: undefined, children: [] };
  const first = groups[0];
  if (first?.title === undefined && first !== undefined) first.nodes.unshift(node);
  else groups.unshift({ title: undefined, nodes: [node] });
}

function outlinePaths(groups: readonly OutlineGroup[]): string[] {
  const paths: string[] = [];
  const walk = (nodes: readonly OutlineNode[]): void => {
    for (const node of nodes) {
      paths.push(node.path);
      walk(node.children);
    }
  };
  for (const group of groups) walk(group.nodes);
  return paths;
}

/** One warning for markdown files `SUMMARY.md` leaves out: GitBook ignores them, so does the bundle. */
function warnUnlisted(
  rootPaths: readonly string[],
  pages: ReadonlyMap<string, LoadedFile>,
  summaryPath: string | undefined,
  warnings: string[],
): void {
  if (summaryPath === undefined) return;
  const unlisted = rootPaths.filter(
    (path) => /\.md$/i.test(path) && path !== summaryPath && !pages.has(path) && !path.split('/').some((p) => p.startsWith('.')),
  );
  const [first] = unlisted;
  if (first !== undefined) {
    const more = unlisted.length > 1 ? ` and ${unlisted.length - 1} more` : '';
    warnings.push(`${summaryPath}: ${first}${more} not listed; not bundled (add them to ${summaryPath} to publish them)`);
  }
}
