import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { ApiClient } from '../api/api-client.js';
import type { ArtifactStore } from '../artifacts/artifact-store.js';
import { openArtifactStore } from '../artifacts/open-artifact-store.js';
import type { LoadedConfig } from '../config/load-config.js';
import { DEFAULT_IMPORT_MAX_BYTES } from '../config/config-schema.js';
import type { Logger } from '../logging/logger.js';
import type { StateStore } from '../state/state-store.js';
import { DeflatePool } from '../content/bundle/deflate-pool.js';
import { createContentPreparer } from '../sync/prepare-content.js';
import { KnownRevisions } from '../sync/known-revisions.js';
import type { SyncSpaceDeps } from '../sync/sync-space.js';
import { apiEndpoint, openApiClient } from './open-api-client.js';
import { openSpecLoader } from './open-spec-loader.js';
import { openStateStore } from './open-state-store.js';
import type { SpecLoader } from '../specs/load-spec.js';
import { type Download, UrlDownloader } from '../http/url-downloader.js';
import { pullDownloads } from '../sync/pull/pull-download-policy.js';

export interface Runtime {
  api: ApiClient;
  artifacts: ArtifactStore;
  state: StateStore;
  /** HTTP for URLs outside the API (migration sources, files of pulled spaces). */
  download: Download;
  syncDeps: SyncSpaceDeps;
  /** Reads and validates local specs (see {@link openSpecLoader}). */
  loadSpec: SpecLoader;
  close(): Promise<void>;
}

export interface RuntimeOverrides {
  logger: Logger;
  env?: Readonly<Record<string, string | undefined>>;
  /** Replaces the configured state store (the demo keeps state in memory). */
  state?: StateStore;
  /** Sees every API response status (the daemon counts them in its metrics). */
  onApiResponse?: (method: string, status: number | 'error') => void;
  /** Told of each API retry with the failed attempt's status (run summaries count them). */
  onApiRetry?: (status: number | undefined) => void;
  /**
   * The process syncs the same targets again and again (daemon, worker): each worktree target's
   * folders are watched so that a read stats only the files that changed.
   */
  longLived?: boolean;
}

/**
 * The composition root of a sync (once, daemon, worker): wires the outside systems a sync needs from the configuration: the API client, the artifact
 * store, the state store, the downloader and the content reader. Everything is passed down from here.
 */
export async function createRuntime(loaded: LoadedConfig, overrides: RuntimeOverrides): Promise<Runtime> {
  const { config, baseDir } = loaded;
  const endpoint = apiEndpoint(config, overrides.env);
  // Before the API client exists: a bundle URL the API cannot fetch stops the run before any call.
  const artifacts = await openArtifactStore(config.artifacts, {
    baseDir,
    apiEndpoint: endpoint,
    checkReach: config.spaces.length > 0,
    startWhenUsed: overrides.longLived !== true,
    logger: overrides.logger,
    ...(overrides.env ? { env: overrides.env } : {}),
  });
  const cacheDir = resolve(baseDir, '.docsync', 'cache');
  // Bundles are written next to the artifact store's folder, so the http store links rather than copies them.
  const bundleDir = resolve(baseDir, '.docsync', 'tmp');
  // The artifact server listens from here on: whatever fails next must close it, or the process never exits.
  let api: ApiClient | undefined;
  let opened: { state: StateStore; close: () => Promise<unknown> } | undefined;
  try {
    api = openApiClient(config, { env: overrides.env, logger: overrides.logger, onResponse: overrides.onApiResponse, onRetry: overrides.onApiRetry });
    opened = overrides.state
      ? { state: overrides.state, close: () => Promise.resolve() }
      : await openStateStore(config, baseDir, overrides.logger, { defaultBackend: 'file' });
    await mkdir(bundleDir, { recursive: true });
  } catch (error) {
    await Promise.allSettled([artifacts.close(), api?.close(), opened?.close()]);
    throw error;
  }
  const { state, close: closeState } = opened;
  const deflater = new DeflatePool();
  const downloader = new UrlDownloader();
  const specs = openSpecLoader(baseDir, { inThread: overrides.longLived });
  return {
    api,
    artifacts,
    state,
    download: downloader.download,
    loadSpec: specs.load,
    syncDeps: {
      api,
      artifacts,
      state,
      logger: overrides.logger,
      // A space's files, read to compare or kept in git, are fetched as a pull fetches them (callers that know the target's import.maxBytes pass it).
      download: pullDownloads(api.baseUrl, downloader.download, DEFAULT_IMPORT_MAX_BYTES),
      prepare: createContentPreparer({ cacheDir, deflater, bundleDir, longLived: overrides.longLived }),
      ...(overrides.longLived === true ? { revisions: new KnownRevisions() } : {}),
    },
    async close() {
      await artifacts.close();
      await deflater.close();
      await downloader.close();
      await specs.close();
      await api.close();
      await closeState();
    },
  };
}
