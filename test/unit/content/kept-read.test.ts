import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { keptPages, keptRead, loadKeptRead, saveKeptRead } from '../../../src/content/cache/kept-read.js';
import type { DocsSnapshot } from '../../../src/content/gitbook/docs-snapshot.js';
import { parsePageMeta } from '../../../src/content/gitbook/parse-page-meta.js';
import { makeTempDir, removeTempDirs } from '../../support/temp-tree.js';

afterAll(removeTempDirs);

/** A kept read of a readme and a file written by docsync, with odd characters in its paths. */
function aKeptRead() {
  const bytes = new TextEncoder().encode('root: ./\n');
  const snapshot: DocsSnapshot = {
    source: 'docs',
    root: '',
    config: { root: '', structure: { readme: 'README.md', summary: 'SUMMARY.md' }, redirects: {} },
    readme: 'README.md',
    summary: 'SUMMARY.md',
    summaryStructure: {
      groups: ['Guide'],
      linkEntries: [{ title: 'Status', target: 'https://status.example', line: 4 }],
      unlinkedItems: [{ title: 'Tools', line: 5 }],
    },
    pages: [{ title: undefined, pages: [{ title: 'Home', path: 'README.md', children: [] }] }],
    files: [
      { path: '.gitbook.yaml', size: bytes.length, oid: 'c'.repeat(40), bytes },
      { path: 'README.md', size: 7, oid: 'a'.repeat(40), sourcePath: 'README.md' },
    ],
    warnings: ['a warning'],
    contentHash: 'd'.repeat(64),
    stats: { listed: 2, read: 2, bytesRead: 16, cached: 0 },
  };
  const meta = parsePageMeta('# Home\n');
  const kept = keptRead({
    key: 'key',
    commit: undefined,
    listing: [
      { path: 'README.md', size: 7, token: '7:1577836800000' },
      { path: 'tab\there.md', size: 3, token: undefined },
    ],
    status: { head: 'e'.repeat(40), paths: ['tab\there.md'] },
    snapshot,
    pages: keptPages(new Map([['README.md', { meta, outlineTitle: 'Home' }]])),
  });
  return { bytes, snapshot, meta, kept };
}

describe('a kept read', () => {
  it('reads back as written: listing tokens or none, files from the source or written by docsync, derivations by path', async () => {
    const { bytes, snapshot, meta, kept } = aKeptRead();
    const file = path.join(await makeTempDir(), 'docs.read');
    await saveKeptRead(file, kept);
    const loaded = await loadKeptRead(file, 'key');
    expect([...(loaded?.listing ?? [])].map(([path, entry]) => [path, entry.size, entry.token])).toEqual([
      ['README.md', 7, '7:1577836800000'],
      ['tab\there.md', 3, undefined],
    ]);
    expect(loaded?.untrusted).toEqual(['tab\there.md']);
    expect(loaded?.tables.titles.get('README.md')).toBe('Home');
    expect(loaded?.tables.pageCount).toBe(1);
    expect(loaded?.status).toEqual(kept.status);
    expect(loaded?.snapshot).toEqual({ ...snapshot, files: [{ ...snapshot.files[0], bytes: Buffer.from(bytes) }, snapshot.files[1]] });
    expect(loaded?.pages.get('README.md')).toEqual({ meta, outlineTitle: 'Home' });
    expect(await loadKeptRead(file, 'another key')).toBeUndefined();
    // Loaded and saved unused, it is written as it was read.
    const again = path.join(path.dirname(file), 'again.read');
    if (loaded) await saveKeptRead(again, (await loadKeptRead(file, 'key')) ?? loaded);
    expect(await readFile(again, 'utf8')).toBe(await readFile(file, 'utf8'));
  });

  it('written again with one table changed: that table anew, the others as read (sections counted in bytes, whatever the characters)', async () => {
    const { kept, meta } = aKeptRead();
    const file = path.join(await makeTempDir(), 'docs.read');
    await saveKeptRead(file, { ...kept, pages: keptPages(new Map([['émoji 🎉.md', { meta, outlineTitle: 'Fête' }]])) });
    const loaded = await loadKeptRead(file, 'key');
    if (loaded === undefined) throw new Error('not loaded');
    const next = path.join(path.dirname(file), 'next.read');
    await saveKeptRead(next, { ...loaded, pages: loaded.pages.with([['README.md', { meta, outlineTitle: 'Accueil' }]]) });
    const reloaded = await loadKeptRead(next, 'key');
    expect([...(reloaded?.pages ?? [])]).toEqual([
      ['émoji 🎉.md', { meta, outlineTitle: 'Fête' }],
      ['README.md', { meta, outlineTitle: 'Accueil' }],
    ]);
    expect([...(reloaded?.listing ?? [])]).toEqual([...loaded.listing]);
    expect(reloaded?.tables.titles.get('README.md')).toBe('Home');
    expect(reloaded?.tables.tree.value()).toEqual(loaded.tables.tree.value());
  });
});
