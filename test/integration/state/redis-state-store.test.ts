import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { RedisStateStore } from '../../../src/state/redis-state-store.js';
import { basePages, deliveredFiles, deliveredPages, type TargetState } from '../../../src/state/state-store.js';
import { deleteKeys, uniquePrefix } from '../../support/daemon-harness.js';
import { testRedisUrl } from '../../support/test-environment.js';

describe('RedisStateStore on a real Redis', () => {
  const redis = new Redis(testRedisUrl());
  const prefix = uniquePrefix('state-tables');
  afterAll(async () => {
    await deleteKeys(testRedisUrl(), prefix);
    redis.disconnect();
  });

  it('keeps the records by page as tables and reads back the same state, and still reads a state written as records', async () => {
    const store = new RedisStateStore(redis, prefix);
    const state: TargetState = {
      reviewersRequested: [],
      delivered: {
        pages: deliveredPages.of([['a.md', { id: 'p1', hash: 'x', updatedAt: '2026-01-01T00:00:00.000Z' }]]),
        files: deliveredFiles.of([['b.png', { id: 'f1', hash: 'y' }]]),
      },
      base: { pages: basePages.of([['a.md', { oid: 'o1', fingerprint: 'f1' }]]) },
    };
    // As states were written before tables: the maps as records of objects.
    const records = {
      ...state,
      delivered: { pages: { 'a.md': { id: 'p1', hash: 'x', updatedAt: '2026-01-01T00:00:00.000Z' } }, files: { 'b.png': { id: 'f1', hash: 'y' } } },
      base: { pages: { 'a.md': { oid: 'o1', fingerprint: 'f1' } } },
    };
    await store.set('space:docs', state);
    const raw = JSON.parse((await redis.hget(`${prefix}:state`, 'space:docs')) ?? '{}') as { delivered: { pages: unknown } };
    expect(raw.delivered.pages).toBe('a.md\tp1\tx\t2026-01-01T00:00:00.000Z');
    expect(await store.get('space:docs')).toEqual(state);
    await redis.hset(`${prefix}:state`, 'space:old', JSON.stringify(records));
    expect(await store.get('space:old')).toEqual(state);
  });
});
