import { resolve } from 'node:path';
import type { LoadedConfig } from '../config/load-config.js';
import { EXIT, exitCodeFor } from '../failure/exit-codes.js';
import { PLATFORM_EDITS_CONFLICT, type SyncReport } from './sync-report.js';
import { archivePreviews, mergedBranch, previewTarget, type ArchivedPreview } from '../sync/branch-previews.js';
import { stateKey, syncSpace, type SpaceSyncResult } from '../sync/sync-space.js';
import { platformEditsBranch } from '../sync/platform-edits/platform-edits-branch.js';
import { unresolvedConflicts } from '../sync/platform-edits/unresolved-conflicts.js';
import type { SpaceTarget } from '../config/config-schema.js';
import { createLogger, type Logger } from '../logging/logger.js';
import { createRuntime } from './create-runtime.js';
import { refuseWithoutToken } from './refuse-without-token.js';
import { runSpecsOnce } from './run-specs-once.js';
import { ConfigError } from '../config/config-error.js';
import type { StateStore } from '../state/state-store.js';

export interface RunSyncOnceOptions {
  dryRun: boolean;
  targets?: string[] | undefined;
  logger?: Logger;
  /** Replaces the configured state store. */
  state?: StateStore;
  /** Sync into one preview change request per target for this branch (no merge, no specs). */
  branch?: string | undefined;
  /** Archive this branch's preview change requests instead of syncing. */
  closeBranch?: string | undefined;
  /** Sync even when more live pages would be removed than `sync.maxDeletions` allows. */
  allowDeletions?: boolean | undefined;
}

/** One inline pass over the configured targets; a failing target does not stop the others. */
export async function runSyncOnce(loaded: LoadedConfig, options: RunSyncOnceOptions): Promise<SyncReport> {
  const logger = options.logger ?? createLogger();
  const { spaces, specs } = loaded.config;
  const unknown = options.targets?.filter((name) => !spaces.some((t) => t.name === name) && !specs.some((s) => s.slug === name)) ?? [];
  if (unknown.length > 0) {
    throw new ConfigError(`no space target or spec slug named ${unknown.map((n) => `"${n}"`).join(', ')}`, loaded.file, undefined, '--target');
  }
  const targets = spaces.filter((t) => !options.targets || options.targets.includes(t.name));
  const slugs = specs.map((s) => s.slug).filter((slug) => !options.targets || options.targets.includes(slug));
  const report: SyncReport = { results: [], specs: [], failures: [], writes: 0, archived: [] };
  // Writes the platform accepted, counted where they happen: what CI reports as `writes`.
  const countWrites = (method: string, status: number | 'error'): void => {
    if (method !== 'GET' && typeof status === 'number' && status >= 200 && status < 300) report.writes += 1;
  };
  const retries = { rateLimitWaits: 0, retries: 0 };
  report.retries = retries;
  const countRetries = (status: number | undefined): void => {
    if (status === 429) retries.rateLimitWaits += 1;
    else retries.retries += 1;
  };
  const runtime = await createRuntime(loaded, {
    logger,
    onApiResponse: countWrites,
    onApiRetry: countRetries,
    ...(options.state ? { state: options.state } : {}),
  });
  await refuseWithoutToken({ hasToken: runtime.api.hasToken, close: () => runtime.close() }, loaded.file);
  // The warnings of the docs last read, so a target that fails after reading them still reports them.
  let read: { target: string; warnings: string[] } | undefined;
  const syncDeps = {
    ...runtime.syncDeps,
    prepare: async (target: SpaceTarget) => {
      const content = await runtime.syncDeps.prepare(target);
      read = { target: target.name, warnings: content.warnings };
      return content;
    },
  };
  const fail = (target: string, error: unknown): void => {
    const message = error instanceof Error ? error.message : String(error);
    logger.error({ target, err: message }, 'sync failed');
    const warnings = read?.target === target && read.warnings.length > 0 ? { warnings: read.warnings } : {};
    const { file } = error as { file?: unknown };
    const named = typeof file === 'string' ? { file } : {};
    report.failures.push({ target, error: message, code: (error as { code?: string }).code ?? 'E_SYNC', exitCode: exitCodeFor(error), ...named, ...warnings });
  };
  try {
    if (options.closeBranch !== undefined) {
      for (const target of targets.filter((t) => t.mode === 'change-request')) {
        try {
          report.archived.push(...(await archivePreviews(runtime.api, target, options.closeBranch, { dryRun: options.dryRun })));
        } catch (error) {
          fail(target.name, error);
        }
      }
      return report;
    }
    for (const configured of targets) {
      const target = options.branch === undefined ? configured : previewTarget(configured, options.branch);
      try {
        const resolved = { ...target, directory: resolve(loaded.baseDir, target.directory) };
        const stateless = (await runtime.state.get(stateKey(target.name))) === undefined;
        const result = await syncSpace(syncDeps, resolved, {
          dryRun: options.dryRun,
          maxDeletions: loaded.config.sync.maxDeletions,
          allowDeletions: options.allowDeletions,
        });
        report.results.push(result);
        // An outcome, not a crash: the run still fails (exit 1) so that someone resolves it.
        if (result.conflict) report.failures.push({ target: target.name, error: result.conflict.message, code: 'E_SYNC_CONFLICT', exitCode: EXIT.failed });
        const clashes = result.platformEdits?.pages.filter((page) => page.outcome === 'conflict') ?? [];
        if (result.platformEdits && clashes.length > 0) {
          const { branch } = result.platformEdits;
          const files = clashes.map((page) => `${page.file}:${page.line ?? 1}`).join(', ');
          report.failures.push({
            target: target.name,
            error: `pages edited both in the platform and in git clash (${files}): ${target.platformEdits === 'adopt' ? 'they were left live as the platform has them (a page it removed, as git has it)' : "git's version went live"}, the platform's is on the branch ${branch} with conflict markers. Resolve them there and merge the branch.`,
            code: PLATFORM_EDITS_CONFLICT,
            exitCode: EXIT.platformEditsConflict,
          });
        }
        // Nothing new clashed, but markers an earlier run committed still stand on the branch: not a success yet.
        if (clashes.length === 0 && target.platformEdits !== 'overwrite') {
          // A runner without state reads the branch's own record of the conflicts it holds.
          const recorded = stateless ? 'unknown' : (await runtime.state.get(stateKey(target.name)))?.platformEdits;
          const open = await unresolvedConflicts(resolved, recorded);
          const files = open.map((page) => `${page.file}:${page.line}`).join(', ');
          if (open.length > 0)
            report.failures.push({
              target: target.name,
              error: `conflict markers are still on the branch ${platformEditsBranch(target)} (${files}): resolve them there, or merge the branch and resolve them in git, and sync again.`,
              code: PLATFORM_EDITS_CONFLICT,
              exitCode: EXIT.platformEditsConflict,
              file: open[0]?.file ?? '',
            });
        }
        if (options.branch === undefined) report.archived.push(...(await supersedePreviews(runtime.api, configured, result)));
      } catch (error) {
        fail(target.name, error);
      }
    }
    // A preview never publishes specs: the platform's specs follow the main branch only.
    if (slugs.length > 0 && options.branch === undefined) {
      const specRun = await runSpecsOnce({ api: runtime.api, state: runtime.state, logger, load: runtime.loadSpec }, loaded, { dryRun: options.dryRun, slugs });
      report.specs.push(...specRun.results);
      report.failures.push(...specRun.failures);
    }
  } finally {
    await runtime.close();
  }
  return report;
}

/**
 * After main merged a change request from a merge commit, the previews of the branch it merged are
 * obsolete: each is archived with a comment linking the merged one.
 */
async function supersedePreviews(api: Parameters<typeof archivePreviews>[0], target: SpaceTarget, result: SpaceSyncResult): Promise<ArchivedPreview[]> {
  const branch = result.commit === undefined ? undefined : mergedBranch(result.commit.subject);
  if (result.outcome !== 'merged' || branch === undefined || result.changeRequest === undefined) return [];
  return archivePreviews(api, target, branch, { supersededBy: { number: result.changeRequest.number, url: result.changeRequest.url } });
}
