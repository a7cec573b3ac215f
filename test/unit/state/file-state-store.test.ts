import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FileStateStore } from '../../../src/state/file-state-store.js';
import { basePages, deliveredFiles, deliveredPages, type TargetState } from '../../../src/state/state-store.js';

const pages = Array.from(
  { length: 50 },
  (_, i) => [`part/page-${i}.md`, { id: `page_${i}`, hash: `${i}`.repeat(8), updatedAt: '2026-11-01T10:00:00.000Z' }] as const,
);
const base = [['part/page-1.md', { oid: 'o1', fingerprint: 'f1' }]] as const;
const state: TargetState = {
  lastHash: 'h1',
  reviewersRequested: [],
  delivered: { pages: deliveredPages.of(pages), files: deliveredFiles.of([]) },
  base: { pages: basePages.of(base) },
};
// The same state as version 1 wrote it: the maps as records of objects.
const records = { ...state, delivered: { pages: Object.fromEntries(pages), files: {} }, base: { pages: Object.fromEntries(base) } };

describe('FileStateStore', () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('reads a state file written before page tables, and writes tables that read back the same', async () => {
    dir = await mkdtemp(join(tmpdir(), 'docsync-state-'));
    const file = join(dir, 'state.json');
    const before = JSON.stringify({ version: 1, targets: { 'space:docs': records } }, null, 2);
    await writeFile(file, before);
    const store = new FileStateStore(file);
    expect(await store.get('space:docs')).toEqual(state);
    await store.set('space:other', { reviewersRequested: [] });
    const after = await readFile(file, 'utf8');
    expect(after.length).toBeLessThan(before.length / 2);
    expect((JSON.parse(after) as { targets: Record<string, { delivered: { pages: unknown } }> }).targets['space:docs']?.delivered.pages).toBeTypeOf('string');
    const reread = new FileStateStore(file);
    expect(await reread.get('space:docs')).toEqual(state);
    expect(await reread.get('space:other')).toEqual({ reviewersRequested: [] });
  });

  it('refuses a damaged table with the file and the line, and keeps the file as it was', async () => {
    dir = await mkdtemp(join(tmpdir(), 'docsync-state-'));
    const file = join(dir, 'state.json');
    const text = JSON.stringify({
      version: 1,
      targets: { 'space:docs': { reviewersRequested: [], delivered: { pages: 'a.md\tp1\th\t\nb.md\t\th\t', files: '' } } },
    });
    await writeFile(file, text);
    await expect(new FileStateStore(file).get('space:docs')).rejects.toThrow(/state file is not in the expected shape \(line 2 of the table: no id\)/);
    expect(await readFile(file, 'utf8')).toBe(text);
  });
});
