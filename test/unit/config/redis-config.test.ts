import { describe, expect, it } from 'vitest';
import { RedisConfigSchema, redisKeyPrefix } from '../../../src/config/redis-config-schema.js';

describe('redis config', () => {
  it('a single server keeps the plain prefix, so existing keys stay where they are', () => {
    const config = RedisConfigSchema.parse({ prefix: 'docs' });
    expect(config.cluster).toBe(false);
    expect(redisKeyPrefix(config)).toBe('docs');
  });

  it('a cluster hash-tags the prefix, so every key of a deployment is in one slot', () => {
    const config = RedisConfigSchema.parse({ url: 'redis://10.0.0.1:6379', nodes: ['redis://10.0.0.2:6379'], cluster: true });
    expect(redisKeyPrefix(config)).toBe('{docsync}');
  });

  it('seed nodes must be redis URLs', () => {
    expect(RedisConfigSchema.safeParse({ cluster: true, nodes: ['10.0.0.2:6379'] }).success).toBe(false);
  });
});
