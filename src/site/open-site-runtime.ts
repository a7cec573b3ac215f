import { access } from 'node:fs/promises';
import { resolve } from 'node:path';
import { ApiClient } from '../api/api-client.js';
import { resolveApiConfig } from '../api/api-config.js';
import { ConfigError } from '../config/config-error.js';
import { DocsyncConfigSchema } from '../config/config-schema.js';
import { DEFAULT_CONFIG_FILE, loadConfig, type LoadedConfig } from '../config/load-config.js';
import type { Logger } from '../logging/logger.js';
import { FileStateStore } from '../state/file-state-store.js';
import type { StateStore } from '../state/state-store.js';
import type { SiteTargetSpec } from './plan-site-target.js';
import { siteTargetOfConfig } from './site-target-of-config.js';

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
  const fromEnv = resolveApiConfig(options.env);
  const api = new ApiClient({
    endpoint: loaded.config.api.endpoint ?? fromEnv.baseUrl,
    token: loaded.config.api.token ?? fromEnv.token,
    timeoutMs: loaded.config.api.timeout,
    logger: options.logger,
  });
  const state = new FileStateStore(resolve(loaded.baseDir, loaded.config.state.path));
  return { api, state, logger: options.logger, target, close: () => api.close() };
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
