import { Redis, type RedisOptions } from 'ioredis';
import type { Logger } from '../logging/logger.js';

/**
 * The only module that imports ioredis. Connections come by role because BullMQ needs different
 * settings for each: workers block on Redis and must retry forever (`maxRetriesPerRequest: null`),
 * producers must fail fast so a watcher does not queue edits in memory while Redis is away.
 */
export type { Redis };

export type ConnectionRole = 'worker' | 'producer' | 'admin';

export function createRedisConnection(url: string, role: ConnectionRole, logger: Logger): Redis {
  const options: RedisOptions =
    role === 'worker'
      ? { maxRetriesPerRequest: null, enableReadyCheck: true }
      : { maxRetriesPerRequest: 1, enableOfflineQueue: role !== 'producer', connectTimeout: 5_000 };
  const redis = new Redis(url, { ...options, lazyConnect: false, retryStrategy: (times) => Math.min(times * 200, 5_000) });
  // Without a listener ioredis logs "Unhandled error event" for every reconnect attempt.
  redis.on('error', (error: Error) => logger.warn({ role, err: error.message }, 'redis connection error'));
  return redis;
}

/** BullMQ loses jobs if Redis evicts keys: warn at start-up unless the policy is `noeviction`. */
export async function checkEvictionPolicy(redis: Redis, logger: Logger): Promise<string | undefined> {
  try {
    const reply = (await redis.config('GET', 'maxmemory-policy'));
    const policy = Array.isArray(reply) ? String(reply[1]) : undefined;
    if (policy !== undefined && policy !== 'noeviction') {
      logger.warn(
        { policy },
        'Redis maxmemory-policy is not "noeviction": queued jobs can be evicted under memory pressure; set `maxmemory-policy noeviction`',
      );
    }
    return policy;
  } catch {
    // Managed Redis often forbids CONFIG; nothing to check then.
    return undefined;
  }
}
