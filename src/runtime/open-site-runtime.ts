import { access } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { ApiClient } from '../api/api-client.js';
import { ConfigError } from '../config/config-error.js';
import { DocsyncConfigSchema } from '../config/config-schema.js';
import { DEFAULT_CONFIG_FILE, loadConfig, type LoadedConfig } from '../config/load-config.js';
import type { Logger } from '../logging/logger.js';
import type { StateStore } from '../state/state-store.js';
import type { SiteTargetSpec } from '../site/plan-site-target.js';
import { siteTargetOfConfig } from '../site/site-target-of-config.js';
import { openApiClient } from './open-api-client.js';
import { refuseWithoutToken } from './refuse-without-token.js';
import { openStateStore } from './open-state-store.js';

export interface SiteRuntimeOptions {
  /** docsync.yaml; when absent and `docsync.yaml` does not exist, `manifest` must be given. */
  config?: string | undefined;
  manifest?: string | undefined;
  prune?: boolean | undefined;
  logger: Logger;
  env?: Readonly<Record<string, string | undefined>>;
}

export interface SiteRuntime {
  api: ApiClient;
  state: StateStore;
  logger: Logger;
  target: SiteTargetSpec;
  close(): Promise<void>;
}

/**
 * What `docsync site plan|apply` need: the site target (config and command line), an API client
 * and the state store. Only the API client and the state file; no bundle server, no Redis.
 */
export async function openSiteRuntime(options: SiteRuntimeOptions): Promise<SiteRuntime> {
  const loaded = await configFor(options);
  const target = siteTargetOfConfig(loaded, { manifest: options.manifest, prune: options.prune });
  if (target === undefined) {
    throw new ConfigError('no site manifest: add `site: {manifest: docs.yaml}` or pass --manifest', loaded.file, undefined, 'site');
  }
  const api = openApiClient(loaded.config, { env: options.env, logger: options.logger });
  await refuseWithoutToken(api, loaded.file);
  const { state, close } = await openStateStore(loaded.config, loaded.baseDir, options.logger, { defaultBackend: 'file' });
  return {
    api,
    state,
    logger: options.logger,
    target,
    close: async () => {
      await api.close();
      await close();
    },
  };
}

/** docsync.yaml when given or present; otherwise the defaults, relative to the working folder. */
async function configFor(options: SiteRuntimeOptions): Promise<LoadedConfig> {
  if (options.config !== undefined || options.manifest === undefined || (await exists(DEFAULT_CONFIG_FILE))) {
    return loadConfig(options.config ?? DEFAULT_CONFIG_FILE, options.env);
  }
  return { config: DocsyncConfigSchema.parse({}), file: resolve(DEFAULT_CONFIG_FILE), baseDir: process.cwd() };
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}
