import { resolve } from 'node:path';
import type { ArtifactsConfig } from '../config/artifacts-config-schema.js';
import type { Logger } from '../logging/logger.js';
import type { ArtifactStore } from './artifact-store.js';
import { assertReachableByApi } from './assert-reachable-by-api.js';
import { HttpArtifactStore } from './http-artifact-store.js';
import { NoArtifactStore } from './no-artifact-store.js';
import { S3ArtifactStore } from './s3-artifact-store.js';

export interface OpenArtifactStoreOptions {
  /** Folder the config file is in: `artifacts.directory` is relative to it. */
  baseDir: string;
  /** The API the bundles are for; with `checkReach`, the store must be one it can fetch from. */
  apiEndpoint: string;
  /** Whether bundles will be published at all (space targets, bundle migrations): only then is the store's reach checked. */
  checkReach: boolean;
  logger: Logger;
  env?: Readonly<Record<string, string | undefined>>;
}

/** The configured artifact store, started, and refused (closed again) if the API could not fetch from it. */
export async function openArtifactStore(config: ArtifactsConfig, options: OpenArtifactStoreOptions): Promise<ArtifactStore> {
  const { bucket } = config;
  if (config.store === 's3' && bucket === undefined) throw new Error('artifacts.bucket is required when artifacts.store is s3.');
  if (config.store === 'none') return new NoArtifactStore();
  const store: ArtifactStore =
    config.store === 's3' && bucket !== undefined
      ? new S3ArtifactStore({
          bucket,
          prefix: config.prefix,
          region: config.region,
          endpoint: config.endpoint,
          forcePathStyle: config.forcePathStyle,
          defaultTtlMs: config.ttl,
          logger: options.logger,
          ...(options.env ? { env: options.env } : {}),
        })
      : await HttpArtifactStore.start({
          listen: config.listen,
          publicUrl: config.publicUrl,
          secret: config.secret,
          defaultTtlMs: config.ttl,
          directory: resolve(options.baseDir, config.directory),
        });
  try {
    if (options.checkReach) assertReachableByApi(options.apiEndpoint, store, config.store);
  } catch (error) {
    await store.close();
    throw error;
  }
  return store;
}
