import { resolve } from 'node:path';
import type { LoadedConfig } from '../config/load-config.js';
import { exitCodeFor } from '../cli/exit-codes.js';
import type { SyncReport } from '../cli/sync-report.js';
import { syncSpace } from '../sync/sync-space.js';
import { createLogger, type Logger } from '../logging/logger.js';
import { createRuntime } from './create-runtime.js';
import { runSpecsOnce } from './run-specs-once.js';
import { ConfigError } from '../config/config-error.js';
import type { StateStore } from '../state/state-store.js';

export interface RunSyncOnceOptions {
  dryRun: boolean;
  targets?: string[] | undefined;
  logger?: Logger;
  /** Replaces the configured state store. */
  state?: StateStore;
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
  const runtime = await createRuntime(loaded, { logger, ...(options.state ? { state: options.state } : {}) });
  const report: SyncReport = { results: [], specs: [], failures: [] };
  try {
    for (const target of targets) {
      try {
        const resolved = { ...target, directory: resolve(loaded.baseDir, target.directory) };
        report.results.push(await syncSpace(runtime.syncDeps, resolved, { dryRun: options.dryRun }));
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        logger.error({ target: target.name, err: message }, 'sync failed');
        report.failures.push({ target: target.name, error: message, code: (error as { code?: string }).code ?? 'E_SYNC', exitCode: exitCodeFor(error) });
      }
    }
    if (slugs.length > 0) {
      const specRun = await runSpecsOnce({ api: runtime.api, state: runtime.state, logger }, loaded, { dryRun: options.dryRun, slugs });
      report.specs.push(...specRun.results);
      report.failures.push(...specRun.failures);
    }
  } finally {
    await runtime.close();
  }
  return report;
}
