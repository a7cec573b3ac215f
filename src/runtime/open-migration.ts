import path from 'node:path';
import type { ApiClient } from '../api/api-client.js';
import type { RateBudget } from '../api/rate-budget.js';
import type { ArtifactStore } from '../artifacts/artifact-store.js';
import { openArtifactStore } from '../artifacts/open-artifact-store.js';
import { ArtifactsConfigSchema } from '../config/artifacts-config-schema.js';
import type { LoadedConfig } from '../config/load-config.js';
import type { Logger } from '../logging/logger.js';
import type { StateStore } from '../state/state-store.js';
import { ApiMeter } from '../migrate/api-meter.js';
import type { MigrateItemProcessorDeps } from '../migrate/migrate-item-processor.js';
import { GitCache } from '../migrate/sources/git-cache.js';
import { apiEndpoint, openApiClient } from './open-api-client.js';
import { openStateStore } from './open-state-store.js';
import { type Download, UrlDownloader } from '../http/url-downloader.js';

/** The outside systems a migration uses, wired once. */
export interface MigrationRuntime {
  readonly api: ApiClient;
  readonly meter: ApiMeter;
  readonly artifacts: ArtifactStore;
  readonly state: StateStore;
  /** What the `migrate-item` processor needs. */
  readonly processorDeps: MigrateItemProcessorDeps;
  close(): Promise<void>;
}

export interface OpenMigrationOptions {
  /** docsync.yaml, when there is one: API endpoint and token, artifacts, state backend. */
  readonly loaded?: LoadedConfig | undefined;
  /** Folder of `.docsync/` (cache, state file) without a configuration. Default: the working directory. */
  readonly baseDir?: string;
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly logger: Logger;
  /** Replaces the configured state store. */
  readonly state?: StateStore;
  /** Replaces the artifact store (tests). */
  readonly artifacts?: ArtifactStore;
  /** Whether the plan has items docsync bundles (not only URL sources): then the API must be able to fetch from the store. Default true. */
  readonly publishesBundles?: boolean;
  /** Sockets to the API. Default 32. */
  readonly connections?: number;
  /** Also told of every API request (metrics, benchmarks). */
  readonly onResponse?: (method: string, status: number | 'error') => void;
}

/** Where a migration's clones and temporary pulls go, below `.docsync/cache/migrate`, and how its URLs are downloaded. */
export function migrationCache(baseDir: string, download: Download): { git: GitCache; tempDir: string; download: Download } {
  const root = path.join(baseDir, '.docsync', 'cache', 'migrate');
  return { git: new GitCache(path.join(root, 'git')), tempDir: path.join(root, 'tmp'), download };
}

/**
 * Wires a migration for the CLI: an API client whose every request the {@link ApiMeter} counts (per
 * item and per run), the artifact store for bundles (refused if the API could not fetch from it), the state store for the run ledger (the
 * configured one: a file by default, Redis when `state.backend: redis`, as BullMQ workers need).
 * Works without a configuration file: endpoint and token then come from the environment.
 */
export async function openMigration(options: OpenMigrationOptions): Promise<MigrationRuntime> {
  const { loaded, logger } = options;
  const config = loaded?.config;
  const baseDir = loaded?.baseDir ?? options.baseDir ?? process.cwd();
  const meter = new ApiMeter(Date.now, options.onResponse);
  const endpoint = apiEndpoint(config, options.env);
  const api = openApiClient(config, { env: options.env, logger, onResponse: meter.onResponse, onRetry: meter.onRetry, connections: options.connections ?? 32 });
  const downloader = new UrlDownloader();
  const closers: (() => Promise<unknown>)[] = [() => api.close(), () => downloader.close()];
  try {
    const artifacts =
      options.artifacts ??
      (await openArtifactStore(config?.artifacts ?? ArtifactsConfigSchema.parse({}), {
        baseDir,
        apiEndpoint: endpoint,
        checkReach: options.publishesBundles ?? true,
        logger,
        ...(options.env ? { env: options.env } : {}),
      }));
    if (!options.artifacts) closers.push(() => artifacts.close());
    let state = options.state;
    if (!state) {
      const opened = await openStateStore(config, baseDir, logger, { defaultBackend: 'file' });
      state = opened.state;
      closers.push(opened.close);
    }
    return {
      api,
      meter,
      artifacts,
      state,
      processorDeps: { api, artifacts, state, meter, sources: migrationCache(baseDir, downloader.download) },
      async close() {
        for (const close of closers.reverse()) await close().catch(() => undefined);
      },
    };
  } catch (error) {
    for (const close of closers.reverse()) await close().catch(() => undefined);
    throw error;
  }
}

/** The rate limit the API last announced (`X-RateLimit-Limit`), for the concurrency controller. */
export function announcedLimit(budget: RateBudget): () => number | undefined {
  return () => budget.state.limit;
}
