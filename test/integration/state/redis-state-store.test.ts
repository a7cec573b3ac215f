import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../../src/config/config-error.js';
import { RedisStateStore } from '../../../src/state/redis-state-store.js';
import { withChanges } from '../../../src/state/with-changes.js';
import type { TargetState } from '../../../src/state/state-store.js';
import { deleteKeys, uniquePrefix } from '../../support/daemon-harness.js';
import { checkAgainstModel, plain } from '../../support/state-store-model.js';
import { testRedisUrl } from '../../support/test-environment.js';

const state: TargetState = {
  lastHash: 'h1',
  reviewersRequested: [],
  delivered: {
    pages: new Map([
      ['a.md', { id: 'p1', hash: 'x', updatedAt: '2026-01-01T00:00:00.000Z' }],
      ['b.md', { id: 'p2', hash: 'y' }],
    ]),
    files: new Map([['c.png', { id: 'f1', hash: 'z' }]]),
  },
  base: { version: 2, pages: new Map([['a.md', { oid: 'o1', fingerprint: 'f1', live: { oid: 'o2', fingerprint: 'f2' } }]]) },
};

describe('RedisStateStore on a real Redis', () => {
  const redis = new Redis(testRedisUrl());
  const prefixes: string[] = [];
  const prefixFor = (name: string): string => {
    const prefix = uniquePrefix(name);
    prefixes.push(prefix);
    return prefix;
  };
  afterAll(async () => {
    for (const prefix of prefixes) await deleteKeys(testRedisUrl(), prefix);
    redis.disconnect();
  });

  it('keeps one hash field per page, and a write sets only the pages that changed', async () => {
    const prefix = prefixFor('state-records');
    const store = new RedisStateStore(redis, prefix);
    await store.set('space:docs', state);
    const pagesKey = `${prefix}:state:space:docs:pages`;
    expect(Object.keys(await redis.hgetall(pagesKey)).sort()).toEqual(['a.md', 'b.md', 'c.png']);
    expect(JSON.parse((await redis.hget(pagesKey, 'a.md')) ?? '')).toEqual({
      page: { id: 'p1', hash: 'x', updatedAt: '2026-01-01T00:00:00.000Z' },
      base: { oid: 'o1', fingerprint: 'f1', live: { oid: 'o2', fingerprint: 'f2' } },
    });
    // A record changed behind this store's back stays as it is: the next write sets b.md alone.
    await redis.hset(pagesKey, 'a.md', JSON.stringify({ page: { id: 'p1', hash: 'elsewhere' } }));
    const pages = new Map(state.delivered?.pages);
    pages.set('b.md', { id: 'p2', hash: 'y2' });
    await store.set('space:docs', { ...state, delivered: { pages, files: state.delivered?.files ?? new Map() } });
    expect(JSON.parse((await redis.hget(pagesKey, 'a.md')) ?? '')).toEqual({ page: { id: 'p1', hash: 'elsewhere' } });
    expect(JSON.parse((await redis.hget(pagesKey, 'b.md')) ?? '')).toEqual({ page: { id: 'p2', hash: 'y2' } });
    await store.delete('space:docs');
    expect(await redis.exists(pagesKey)).toBe(0);
    expect(await new RedisStateStore(redis, prefix).get('space:docs')).toBeUndefined();
  });

  it('decodes a record when it is used: a damaged one is an error naming its hash and path, and a one-page edit writes that page alone', async () => {
    const prefix = prefixFor('state-lazy');
    await new RedisStateStore(redis, prefix).set('space:docs', state);
    const pagesKey = `${prefix}:state:space:docs:pages`;
    await redis.hset(pagesKey, 'b.md', '{"page":');
    const store = new RedisStateStore(redis, prefix);
    const read = await store.get('space:docs');
    expect(read?.delivered?.pages.get('a.md')).toEqual(state.delivered?.pages.get('a.md'));
    const error = (() => {
      try {
        read?.delivered?.pages.get('b.md');
      } catch (caught) {
        return caught;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain(`Redis hash ${pagesKey}: the record of b.md is not valid JSON; delete the hash`);
    // The damaged record is not read to write a.md's change: it stays as it is, for a person to see.
    const pages = new Map([['a.md', { id: 'p1', hash: 'x2' }]]);
    if (read?.delivered) await store.set('space:docs', { ...read, delivered: { ...read.delivered, pages: withChanges(read.delivered.pages, pages) } });
    expect(JSON.parse((await redis.hget(pagesKey, 'a.md')) ?? '').page).toEqual({ id: 'p1', hash: 'x2' });
    expect(await redis.hget(pagesKey, 'b.md')).toBe('{"page":');
  });

  it('reads a state written before records by page (tables of text, or records of objects) and writes it as records', async () => {
    const prefix = prefixFor('state-legacy');
    const tables = {
      lastHash: 'h1',
      reviewersRequested: [],
      delivered: { pages: 'a.md\tp1\tx\t2026-01-01T00:00:00.000Z\nb.md\tp2\ty\t', files: 'c.png\tf1\tz' },
      base: { version: 2, pages: 'a.md\to1\tf1\to2\tf2' },
    };
    const records = {
      ...tables,
      delivered: { pages: Object.fromEntries(state.delivered?.pages ?? []), files: Object.fromEntries(state.delivered?.files ?? []) },
      base: { version: 2, pages: Object.fromEntries(state.base?.pages ?? []) },
    };
    await redis.hset(`${prefix}:state`, 'space:tables', JSON.stringify(tables), 'space:records', JSON.stringify(records));
    const store = new RedisStateStore(redis, prefix);
    expect(await store.get('space:tables')).toEqual(state);
    expect(await store.get('space:records')).toEqual(state);
    const read = await store.get('space:tables');
    if (read) await store.set('space:tables', read);
    expect(Object.keys(await redis.hgetall(`${prefix}:state:space:tables:pages`)).sort()).toEqual(['a.md', 'b.md', 'c.png']);
    expect(plain(await new RedisStateStore(redis, prefix).get('space:tables'))).toEqual(state);
  });

  it('holds what a Map holds after any run of sets and deletes, and a fresh store reads the same (properties)', async () => {
    const prefix = prefixFor('state-props');
    await checkAgainstModel(
      (run) => ({ store: new RedisStateStore(redis, `${prefix}:${run}`), reopen: () => new RedisStateStore(redis, `${prefix}:${run}`) }),
      40,
    );
  });
});
