import { resolve } from 'node:path';
import { ApiClient } from '../api/api-client.js';
import { resolveApiConfig } from '../api/api-config.js';
import { HttpArtifactStore } from '../artifacts/http-artifact-store.js';
import type { ArtifactStore } from '../artifacts/artifact-store.js';
import type { LoadedConfig } from '../config/load-config.js';
import type { Logger } from '../logging/logger.js';
import type { StateStore } from '../state/state-store.js';
import { prepareContent } from '../sync/prepare-content.js';
import type { SyncSpaceDeps } from '../sync/sync-space.js';
import { openStateStore } from './open-state-store.js';

export interface Runtime {
  api: ApiClient;
  artifacts: ArtifactStore;
  state: StateStore;
  syncDeps: SyncSpaceDeps;
  close(): Promise<void>;
}

export interface RuntimeOverrides {
  logger: Logger;
  env?: Readonly<Record<string, string | undefined>>;
  /** Replaces the configured state store (the demo keeps state in memory). */
  state?: StateStore;
  /** Sees every API response status (the daemon counts them in its metrics). */
  onApiResponse?: (method: string, status: number | 'error') => void;
}

/**
 * Wires the outside systems a sync needs from the configuration: the API client, the bundle
 * server, the state store and the content reader. Everything is passed down from here.
 */
export async function createRuntime(loaded: LoadedConfig, overrides: RuntimeOverrides): Promise<Runtime> {
  const { config, baseDir } = loaded;
  const fromEnv = resolveApiConfig(overrides.env);
  const api = new ApiClient({
    endpoint: config.api.endpoint ?? fromEnv.baseUrl,
    token: config.api.token ?? fromEnv.token,
    timeoutMs: config.api.timeout,
    logger: overrides.logger,
    onResponse: overrides.onApiResponse,
  });
  const artifacts = await HttpArtifactStore.start({
    listen: config.artifacts.listen,
    publicUrl: config.artifacts.publicUrl,
    secret: config.artifacts.secret,
    defaultTtlMs: config.artifacts.ttl,
  });
  const opened = overrides.state ? { state: overrides.state, close: () => Promise.resolve() } : await openStateStore(config, baseDir, overrides.logger, { defaultBackend: 'file' });
  const { state } = opened;
  const cacheDir = resolve(baseDir, '.docsync', 'cache');
  return {
    api,
    artifacts,
    state,
    syncDeps: {
      api,
      artifacts,
      state,
      logger: overrides.logger,
      prepare: (target) => prepareContent(target, { cacheDir }),
    },
    async close() {
      await artifacts.close();
      await api.close();
      await opened.close();
    },
  };
}
