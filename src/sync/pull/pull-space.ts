import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { stringify } from 'yaml';
import type { ApiClient } from '../../api/api-client.js';
import { apiPath } from '../../api/api-path.js';
import { FileSchema, type Page } from '../../api/schemas/content.js';
import type { DocsSnapshot } from '../../content/docs-snapshot.js';
import { formatGitbookConfig } from '../../content/gitbook-config.js';
import { readDocsRepo } from '../../content/read-docs-repo.js';
import { WorktreeSource } from '../../content/worktree-source.js';
import { silentLogger, type Logger } from '../../logging/logger.js';
import { planPullLayout, renderSummary } from './pull-layout.js';
import { PullTargetNotEmptyError } from './pull-target-not-empty-error.js';

export interface PullSpaceDeps {
  api: Pick<ApiClient, 'content' | 'list'>;
  /** Downloads asset bytes from their `downloadURL`. Default: the global `fetch`. */
  fetch?: (url: string, init: { signal: AbortSignal }) => Promise<Response>;
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
  /** Per-download limit. Default 60 s. */
  downloadTimeoutMs?: number;
}

export interface PullSpaceResult {
  directory: string;
  pages: number;
  groups: number;
  assets: number;
  /** Files written, relative to the folder. */
  written: string[];
  /** What was skipped or changed on the way: pages of other kinds, assets not downloaded. */
  warnings: string[];
  /** The folder read back as `docsync sync` will read it: its `contentHash` makes the next sync a no-op. */
  snapshot: DocsSnapshot;
}

/**
 * Writes a space's content as a GitBook-format folder: pages with frontmatter, `SUMMARY.md`,
 * `.gitbook.yaml`, assets. Everything is read from the API before the first write, so a failed read
 * leaves the folder untouched. Then the folder is read back with the same reader a sync uses.
 */
export async function pullSpace(deps: PullSpaceDeps, options: PullSpaceOptions): Promise<PullSpaceResult> {
  const directory = path.resolve(options.directory);
  const logger = deps.logger ?? silentLogger;
  if (options.force !== true && (await hasEntries(directory))) throw new PullTargetNotEmptyError(directory);
  const target = { spaceId: options.spaceId };
  const concurrency = Math.max(1, options.concurrency ?? 8);

  const [tree, files] = await Promise.all([
    deps.api.content.listPages(target),
    deps.api.list({ path: `${apiPath`/spaces/${options.spaceId}`}/content/files`, itemSchema: FileSchema, limit: 1000 }),
  ]);
  const layout = planPullLayout(tree, files);
  const warnings = [...layout.warnings];
  logger.info({ spaceId: options.spaceId, pages: layout.pages.length, assets: layout.assets.length }, 'pull: reading pages');

  // The page listing leaves markdown out: one read per page.
  const bodies = await mapLimit(layout.pages, concurrency, async ({ page }) => {
    const full = await deps.api.content.getPage(target, page.id, { format: 'markdown' });
    if (full.markdown === undefined) warnings.push(`page "${page.title}": the API sent no markdown; written empty`);
    return pageText(full, full.markdown ?? '');
  });

  const download = deps.fetch ?? ((url: string, init: { signal: AbortSignal }) => fetch(url, init));
  const timeoutMs = options.downloadTimeoutMs ?? 60_000;
  const assetBytes = await mapLimit(layout.assets, concurrency, async ({ file, path: where }) => {
    if (!/^https?:\/\//i.test(file.downloadURL)) {
      warnings.push(`${where}: no http(s) download URL; skipped`);
      return undefined;
    }
    try {
      const response = await download(file.downloadURL, { signal: AbortSignal.timeout(timeoutMs) });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return new Uint8Array(await response.arrayBuffer());
    } catch (error) {
      // One missing image should not cost the whole pull; the read-back names pages that point at it.
      warnings.push(`${where}: download failed (${error instanceof Error ? error.message : String(error)}); skipped`);
      return undefined;
    }
  });

  const written: string[] = [];
  const put = async (relative: string, data: string | Uint8Array): Promise<void> => {
    const file = path.join(directory, ...relative.split('/'));
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, data);
    written.push(relative);
  };
  await mkdir(directory, { recursive: true });
  const readme = layout.readme ?? 'README.md';
  await put('.gitbook.yaml', formatGitbookConfig({ root: '', structure: { readme, summary: 'SUMMARY.md' }, redirects: {} }));
  await put('SUMMARY.md', renderSummary(layout));
  for (const [index, laidOut] of layout.pages.entries()) await put(laidOut.file, bodies[index] ?? '');
  for (const [index, asset] of layout.assets.entries()) {
    const bytes = assetBytes[index];
    if (bytes !== undefined) await put(asset.path, bytes);
  }

  const snapshot = await readDocsRepo(new WorktreeSource(directory));
  warnings.push(...snapshot.warnings);
  return {
    directory,
    pages: layout.pages.length,
    groups: layout.groups.filter((g) => g.title !== undefined).length,
    assets: assetBytes.filter((b) => b !== undefined).length,
    written,
    warnings,
    snapshot,
  };
}

/** The page file: frontmatter only for what is set (`hidden` only when true), then the body verbatim. */
export function pageText(page: Pick<Page, 'description' | 'icon' | 'hidden'>, markdown: string): string {
  const data: Record<string, string | boolean> = {};
  if (page.description !== undefined && page.description !== '') data.description = page.description;
  if (page.icon !== undefined && page.icon !== '') data.icon = page.icon;
  if (page.hidden === true) data.hidden = true;
  if (Object.keys(data).length === 0) return markdown;
  return `---\n${stringify(data, { lineWidth: 0 })}---\n${markdown}`;
}

async function hasEntries(directory: string): Promise<boolean> {
  try {
    return (await readdir(directory)).length > 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

/** `fn` over `items`, at most `limit` at a time, results in input order. */
async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    for (let index = next++; index < items.length; index = next++) results[index] = await fn(items[index] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
