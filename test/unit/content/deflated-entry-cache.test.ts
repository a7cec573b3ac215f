import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DeflatedEntryCache } from '../../../src/content/deflated-entry-cache.js';

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
      sha256: `${i}`.repeat(64),
      entry: { crc: i * 1000, size: kib * 4096 + i, data: new Uint8Array(randomBytes(kib * 1024 + i)) },
    }));
    for (const { sha256, entry } of entries) cache.set(sha256, 6, entry);
    await cache.save();

    const loaded = await DeflatedEntryCache.load(file);
    expect(loaded.loadNote).toBeUndefined();
    expect(loaded.size).toBe(entries.length);
    for (const { sha256, entry } of entries) {
      const got = loaded.get(sha256, 6);
      expect(got?.crc).toBe(entry.crc);
      expect(got?.size).toBe(entry.size);
      expect(Buffer.from(got!.data).equals(Buffer.from(entry.data))).toBe(true);
    }
    expect(loaded.get(entries[0]!.sha256, 9)).toBeUndefined();
  });
});
