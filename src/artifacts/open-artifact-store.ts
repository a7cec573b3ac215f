import { resolve } from 'node:path';
import type { ArtifactsConfig } from '../config/artifacts-config-schema.js';
import type { Logger } from '../logging/logger.js';
import type { ArtifactStore } from './artifact-store.js';
import { assertReachableByApi } from './assert-reachable-by-api.js';
import { LazyArtifactStore } from './lazy-artifact-store.js';
import { NoArtifactStore } from './no-artifact-store.js';

export interface OpenArtifactStoreOptions {
  /** Folder the config file is in: `artifacts.directory` is relative to it. */
  baseDir: string;
  /** The API the bundles are for; with `checkReach`, the store must be one it can fetch from. */
  apiEndpoint: string;
  /** Whether bundles will be published at all (space targets, bundle migrations): only then is the store's reach checked. */
  checkReach: boolean;
  logger: Logger;
  /**
   * Start the embedded bundle server at the first publish rather than now (a one-shot process). A
   * long-lived one starts it at once: workers sharing its folder serve each other's bundles.
   */
  startWhenUsed?: boolean;
  env?: Readonly<Record<string, string | undefined>>;
}

/**
 * The configured artifact store, started, and refused (closed again) if the API could not fetch from it.
 * The HTTP store (fastify) and the S3 store (the AWS SDK) are loaded only when configured, the HTTP
 * one only when used with `startWhenUsed`: today's API takes content inline, and a one-shot sync
 * that publishes nothing should not pay for loading either.
 */
export async function openArtifactStore(config: ArtifactsConfig, options: OpenArtifactStoreOptions): Promise<ArtifactStore> {
  const { bucket } = config;
  if (config.store === 's3' && bucket === undefined) throw new Error('artifacts.bucket is required when artifacts.store is s3.');
  if (config.store === 'none') return new NoArtifactStore();
  const startHttp = async (): Promise<ArtifactStore> =>
    (await import('./http-artifact-store.js')).HttpArtifactStore.start({
      listen: config.listen,
      publicUrl: config.publicUrl,
      secret: config.secret,
      defaultTtlMs: config.ttl,
      directory: resolve(options.baseDir, config.directory),
    });
  const store: ArtifactStore =
    config.store === 's3' && bucket !== undefined
      ? new (await import('./s3-artifact-store.js')).S3ArtifactStore({
          bucket,
          prefix: config.prefix,
          region: config.region,
          endpoint: config.endpoint,
          forcePathStyle: config.forcePathStyle,
          defaultTtlMs: config.ttl,
          logger: options.logger,
          ...(options.env ? { env: options.env } : {}),
        })
      : options.startWhenUsed === true
        ? new LazyArtifactStore(configuredHttpStore(config), startHttp)
        : await startHttp();
  try {
    if (options.checkReach) assertReachableByApi(options.apiEndpoint, store, config.store);
  } catch (error) {
    await store.close();
    throw error;
  }
  return store;
}

/** The embedded server's description and origin as configured: `publicUrl`, else the listen address (port 0 until it binds one). */
function configuredHttpStore(config: ArtifactsConfig): Pick<ArtifactStore, 'description' | 'origin'> {
  const origin = new URL(config.publicUrl ?? `http://${config.listen}`);
  return { origin, description: `the embedded bundle server (artifacts.store: http) at ${origin.origin}` };
}
