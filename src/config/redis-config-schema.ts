import * as z from 'zod';

/** A redis:// or rediss:// URL that parses (a port past 65535 or a bad host is refused at load, not by ioredis). */
const RedisUrl = (scheme: string) =>
  z
    .string()
    .regex(/^rediss?:\/\//, { message: scheme, abort: true })
    .refine((url) => URL.canParse(url), { message: 'is not a valid URL: check the host and the port (0 to 65535)', abort: true });

/** The Redis that holds the BullMQ queues of `docsync watch` and `docsync worker`. */
export const RedisConfigSchema = z.object({
  url: RedisUrl('use a redis:// or rediss:// URL')
    .default('redis://127.0.0.1:6379')
    .describe('Redis URL (`redis://` or `rediss://` for TLS); put a password in `${REDIS_URL}`, never a literal. Default `redis://127.0.0.1:6379`.'),
  prefix: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,64}$/, { message: 'use letters, digits, ".", "_" or "-" (max 64)' })
    .default('docsync')
    .describe('Key prefix of the queues, so several deployments can share one Redis. Default `docsync`.'),
  cluster: z
    .boolean()
    .default(false)
    .describe(
      'Redis Cluster: `url` (and `nodes`) are seed nodes, the rest is discovered, and every key is hash-tagged (`{<prefix>}:…`) so each deployment lives in one slot. Default false.',
    ),
  nodes: z
    .array(RedisUrl('use redis:// or rediss:// URLs'))
    .default([])
    .describe('More seed nodes of the cluster besides `url` (only with `cluster: true`), so start-up does not depend on one node.'),
});
export type RedisConfig = z.infer<typeof RedisConfigSchema>;

/** Where to connect: one server, or the seed nodes of a cluster. */
export type RedisTarget = Pick<RedisConfig, 'url'> & Partial<Pick<RedisConfig, 'cluster' | 'nodes'>>;

/**
 * The prefix every docsync key starts with. On a cluster it is a hash tag: BullMQ's scripts and the
 * state store touch several keys at once, which Redis Cluster allows only within one slot. Every
 * Redis key of docsync is built from this.
 */
export function redisKeyPrefix(config: Pick<RedisConfig, 'prefix' | 'cluster'>): string {
  return config.cluster ? `{${config.prefix}}` : config.prefix;
}
