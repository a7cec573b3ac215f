import { resolve } from 'node:path';
import type { DocsyncConfig } from '../config/config-schema.js';
import { redisKeyPrefix } from '../config/redis-config-schema.js';
import type { Logger } from '../logging/logger.js';
import { FileStateStore } from '../state/file-state-store.js';
import type { RedisStateCommands } from '../state/redis-state-store.js';
import type { StateStore } from '../state/state-store.js';

export interface OpenStateStoreOptions {
  /** The backend when `state.backend` is not set: `file` for one-shot commands, `redis` for the daemon. */
  defaultBackend: 'file' | 'redis';
  /** An open Redis connection to reuse; without one, a Redis store opens (and closes) its own. */
  redis?: RedisStateCommands;
}

/**
 * The configured state store, chosen in one place for every command. ioredis is loaded only when
 * Redis is asked for, so one-shot runs on the file store never load it.
 */
export async function openStateStore(
  config: DocsyncConfig | undefined,
  baseDir: string,
  logger: Logger,
  options: OpenStateStoreOptions,
): Promise<{ state: StateStore; close: () => Promise<unknown> }> {
  const backend = config?.state.backend ?? options.defaultBackend;
  if (backend === 'file' || config === undefined) {
    return { state: new FileStateStore(resolve(baseDir, config?.state.path ?? '.docsync/state.json')), close: () => Promise.resolve() };
  }
  const { RedisStateStore } = await import('../state/redis-state-store.js');
  if (options.redis) return { state: new RedisStateStore(options.redis, redisKeyPrefix(config.redis)), close: () => Promise.resolve() };
  const { connectRedis } = await import('../redis/redis-connection.js');
  // A one-shot command: fails within seconds when Redis is away, and lets the process exit when closed.
  const redis = await connectRedis(config.redis, logger);
  return {
    state: new RedisStateStore(redis, redisKeyPrefix(config.redis)),
    close: () => {
      redis.disconnect();
      return Promise.resolve();
    },
  };
}
