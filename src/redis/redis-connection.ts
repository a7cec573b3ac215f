import { Cluster, Redis as Server, type ClusterOptions, type RedisOptions } from 'ioredis';
import type { RedisTarget } from '../config/redis-config-schema.js';
import { isRedisAuthRefusal, RedisAuthError } from '../failure/redis-auth-error.js';
import { RedisUnavailableError } from '../failure/redis-unavailable-error.js';
import type { Logger } from '../logging/logger.js';

/**
 * The only module that imports ioredis. Connections come by role because BullMQ needs different
 * settings for each: workers block on Redis and must retry forever (`maxRetriesPerRequest: null`),
 * producers must fail fast so a watcher does not queue edits in memory while Redis is away.
 * One-shot commands connect with {@link connectRedis}, which fails within a deadline instead.
 */
/** A connection to one Redis server or to a Redis Cluster; BullMQ and the state store take either. */
export type Redis = Server | Cluster;

/** A bare URL means one server. */
function targetOf(target: RedisTarget | string): RedisTarget {
  return typeof target === 'string' ? { url: target } : target;
}

/**
 * Opens a server or cluster connection with `options`. A cluster gets them per node; its own retry
 * strategy mirrors the node's, so an unreachable cluster is retried like an unreachable server.
 */
function open(target: RedisTarget, options: RedisOptions): Redis {
  if (!target.cluster) return new Server(target.url, options);
  const seeds = [target.url, ...(target.nodes ?? [])].map((url) => {
    const parsed = new URL(url);
    return { host: parsed.hostname, port: Number(parsed.port || 6379) };
  });
  const first = new URL(target.url);
  const { retryStrategy, lazyConnect, enableOfflineQueue, ...perNode } = options;
  const clusterOptions: ClusterOptions = {
    lazyConnect,
    enableOfflineQueue,
    clusterRetryStrategy: retryStrategy,
    enableReadyCheck: true,
    redisOptions: {
      ...perNode,
      username: first.username === '' ? undefined : decodeURIComponent(first.username),
      password: first.password === '' ? undefined : decodeURIComponent(first.password),
      ...(first.protocol === 'rediss:' ? { tls: {} } : {}),
    },
  };
  return new Cluster(seeds, clusterOptions);
}

export type ConnectionRole = 'worker' | 'producer' | 'admin';

/** How long a one-shot command waits for Redis before it gives up. */
export const ONE_SHOT_CONNECT_MS = 4_000;

/**
 * How long a closing connection waits for its socket to close before destroying it. ioredis waits
 * 2 s by default, even for a socket that never opened, and that timer holds the process open.
 */
const DISCONNECT_MS = 300;

/** The URL without user name and password: what messages and logs may show. */
export function redisWhere(url: string): string {
  if (!URL.canParse(url)) return 'the configured redis.url';
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`;
}

/**
 * A process holds many connections to one Redis (BullMQ wants one per worker and queue); an outage
 * is logged once when the first of them fails and once when all are back, not per reconnect attempt.
 */
interface Outage {
  readonly down: Set<Redis>;
  lastError: string | undefined;
  logged: boolean;
}
const outages = new Map<string, Outage>();

function outageOf(url: string): Outage {
  let outage = outages.get(url);
  if (!outage) {
    outage = { down: new Set(), lastError: undefined, logged: false };
    outages.set(url, outage);
  }
  return outage;
}

/** Why Redis at `url` is unreachable, while a connection of this process to it is failing. */
export function redisDownReason(url: string): string | undefined {
  const outage = outages.get(url);
  return outage && outage.down.size > 0 ? outage.lastError : undefined;
}

/**
 * A connection of a long-lived role: retried while Redis is unreachable. `onRefused` is called when
 * Redis refuses the credentials (each attempt would be refused again); the connection stops retrying.
 */
export function createRedisConnection(target: RedisTarget | string, role: ConnectionRole, logger: Logger, onRefused?: (error: RedisAuthError) => void): Redis {
  const { url } = targetOf(target);
  const options: RedisOptions =
    role === 'worker'
      ? { maxRetriesPerRequest: null, enableReadyCheck: true }
      : { maxRetriesPerRequest: 1, enableOfflineQueue: role !== 'producer', connectTimeout: 5_000 };
  const redis = open(targetOf(target), {
    ...options,
    lazyConnect: false,
    disconnectTimeout: DISCONNECT_MS,
    retryStrategy: (times) => Math.min(times * 200, 5_000),
  });
  const outage = outageOf(url);
  // Without a listener ioredis logs "Unhandled error event" for every reconnect attempt.
  redis.on('error', (error: Error) => {
    if (onRefused !== undefined && isRedisAuthRefusal(error)) {
      redis.disconnect();
      onRefused(new RedisAuthError(redisWhere(url), error.message, { cause: error }));
      return;
    }
    outage.down.add(redis);
    outage.lastError = error.message;
    if (outage.logged) return;
    outage.logged = true;
    logger.warn({ redis: redisWhere(url), err: error.message }, 'Redis is unreachable; retrying until it is back');
  });
  redis.on('ready', () => {
    outage.down.delete(redis);
    if (outage.down.size > 0 || !outage.logged) return;
    outage.logged = false;
    logger.info({ redis: redisWhere(url) }, 'Redis is reachable again');
  });
  // Closed on purpose: no longer part of any outage.
  redis.on('end', () => outage.down.delete(redis));
  return redis;
}

/** Whether a connection can run commands now (not connecting, not reconnecting). */
export function isRedisReady(redis: Redis): boolean {
  return redis.status === 'ready';
}

/** Resolves true once `redis` is ready, or false after `timeoutMs` (or when it was closed). */
export async function waitForRedis(redis: Redis, timeoutMs: number): Promise<boolean> {
  if (isRedisReady(redis)) return true;
  let done: (ready: boolean) => void = () => undefined;
  const settled = new Promise<boolean>((resolve) => (done = resolve));
  const onReady = (): void => done(true);
  const onEnd = (): void => done(false);
  const timer = setTimeout(() => done(false), timeoutMs);
  redis.once('ready', onReady);
  redis.once('end', onEnd);
  try {
    return await settled;
  } finally {
    clearTimeout(timer);
    redis.off('ready', onReady);
    redis.off('end', onEnd);
  }
}

/**
 * A connection for a one-shot command (`status`, `migrate --queue`, a Redis state store): resolves
 * once Redis answers, or throws {@link RedisUnavailableError} within `timeoutMs` instead of retrying
 * forever. Once connected, a dropped connection is retried for about half a minute, then commands
 * fail. The caller disconnects it when done.
 */
export async function connectRedis(target: RedisTarget | string, logger: Logger, timeoutMs = ONE_SHOT_CONNECT_MS): Promise<Redis> {
  const { url } = targetOf(target);
  let connected = false;
  let lastError: Error | undefined;
  const redis = open(targetOf(target), {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    connectTimeout: timeoutMs,
    disconnectTimeout: DISCONNECT_MS,
    retryStrategy: (times) => (connected && times <= 15 ? Math.min(times * 200, 2_000) : null),
  });
  redis.on('error', (error: Error) => {
    lastError = error;
    logger.debug({ redis: redisWhere(url), err: error.message }, 'redis connection error');
  });
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([redis.connect(), deadline]);
    connected = true;
    return redis;
  } catch (error) {
    redis.disconnect();
    const cause = lastError ?? error;
    if (cause instanceof Error && isRedisAuthRefusal(cause)) throw new RedisAuthError(redisWhere(url), cause.message, { cause });
    throw new RedisUnavailableError(redisWhere(url), cause instanceof Error ? cause.message : String(cause), { cause });
  } finally {
    clearTimeout(timer);
  }
}

/** BullMQ loses jobs if Redis evicts keys: warn at start-up unless the policy is `noeviction`. */
export async function checkEvictionPolicy(redis: Redis, logger: Logger): Promise<string | undefined> {
  try {
    const reply = await redis.config('GET', 'maxmemory-policy');
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
