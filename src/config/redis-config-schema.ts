import { z } from 'zod';

/** The Redis that holds the BullMQ queues of `docsync watch` and `docsync worker`. */
export const RedisConfigSchema = z.object({
  url: z
    .string()
    .regex(/^rediss?:\/\//, { message: 'use a redis:// or rediss:// URL' })
    .default('redis://127.0.0.1:6379')
    .describe('Redis URL (`redis://` or `rediss://` for TLS); put a password in `${REDIS_URL}`, never a literal. Default `redis://127.0.0.1:6379`.'),
  prefix: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,64}$/, { message: 'use letters, digits, ".", "_" or "-" (max 64)' })
    .default('docsync')
    .describe('Key prefix of the queues, so several deployments can share one Redis. Default `docsync`.'),
});
export type RedisConfig = z.infer<typeof RedisConfigSchema>;
