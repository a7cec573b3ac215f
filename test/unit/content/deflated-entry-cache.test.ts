import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DeflatedEntryCache } from '../../../src/content/cache/deflated-entry-cache.js';

let dir: string | undefined;
afterEach(async () => {
  if (dir !== undefined) await rm(dir, { recursive: true, force: true });
});

describe('DeflatedEntryCache', () => {
  it('saves and loads entries whose data spans several write pieces, byte for byte', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'docsync-entry-cache-'));
    const file = path.join(dir, 'docs.entries');
    const cache = await DeflatedEntryCache.load(file);
    // 3 × 700 KiB plus small ones: more than one 1 MiB piece, with entries across piece boundaries.
    const entries = [700, 1, 700, 0, 700, 3].map((kib, i) => ({
      oid: `${i}`.repeat(40),
      entry: { crc: i * 1000, size: kib * 4096 + i, data: new Uint8Array(randomBytes(kib * 1024 + i)) },
    }));
    for (const { oid, entry } of entries) cache.set(oid, 6, entry);
    await cache.save();

    const loaded = await DeflatedEntryCache.load(file);
    expect(loaded.loadNote).toBeUndefined();
    expect(loaded.size).toBe(entries.length);
    for (const { oid, entry } of entries) {
      const got = loaded.get(oid, 6);
      expect(got?.crc).toBe(entry.crc);
      expect(got?.size).toBe(entry.size);
      expect(Buffer.from(got!.data).equals(Buffer.from(entry.data))).toBe(true);
    }
    expect(loaded.get(entries[0]!.oid, 9)).toBeUndefined();
  });

  it('rewrites its file only once enough entries changed since the last write', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'docsync-entry-cache-'));
    const file = path.join(dir, 'docs.entries');
    const cache = await DeflatedEntryCache.load(file);
    const entry = (i: number) => ({ crc: i, size: 1, data: new Uint8Array([i]) });
    cache.set('a'.repeat(40), 6, entry(1));
    await cache.save({ minChanges: 2 });
    expect((await DeflatedEntryCache.load(file)).size).toBe(0); // one change: not written yet
    cache.set('b'.repeat(40), 6, entry(2));
    await cache.save({ minChanges: 2 });
    expect((await DeflatedEntryCache.load(file)).size).toBe(2);
    cache.prune(); // starts a round: both were used in the last one
    cache.get('a'.repeat(40), 6);
    expect(cache.prune()).toBe(1); // b was not used in this one
    await cache.save({ minChanges: 2 });
    expect((await DeflatedEntryCache.load(file)).size).toBe(2); // one drop: the file keeps b a while
    await cache.save();
    expect((await DeflatedEntryCache.load(file)).size).toBe(1);
  });
});
