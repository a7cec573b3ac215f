import { readdir, readFile, rm, utimes } from 'node:fs/promises';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { DeflatedEntryCache } from '../../../src/content/cache/deflated-entry-cache.js';
import { DocsyncConfigSchema } from '../../../src/config/config-schema.js';
import { createContentPreparer } from '../../../src/sync/prepare-content.js';
import { makeTempDir, removeTempDirs, tempTree } from '../../support/temp-tree.js';

afterAll(removeTempDirs);

const targetFor = (directory: string) => DocsyncConfigSchema.parse({ spaces: [{ name: 'docs', directory, spaceId: 'space' }] }).spaces[0]!;

describe('createContentPreparer', () => {
  it('drops deleted files from the entry cache on disk, and bundles what is there', async () => {
    const dir = await tempTree({
      'README.md': '# Home\n',
      'SUMMARY.md': '* [Home](README.md)\n* [Gone](gone.md)\n* [Kept](kept.md)\n',
      'gone.md': '# Gone\n\nThis page is deleted after the first sync.\n',
      'kept.md': '# Kept\n',
    });
    // Old mtimes, as after a checkout: files written this instant are re-read every time, never cached.
    for (const name of await readdir(dir)) await utimes(path.join(dir, name), new Date('2020-01-01'), new Date('2020-01-01'));
    const cacheDir = await makeTempDir();
    const prepare = createContentPreparer({ cacheDir, bundleDir: await makeTempDir() });
    const first = await (await prepare(targetFor(dir))).bundle();
    expect((await DeflatedEntryCache.load(path.join(cacheDir, 'docs.entries'))).size).toBe(4);

    await rm(path.join(dir, 'gone.md'));
    const content = await prepare(targetFor(dir));
    expect(content.snapshot.files.map((file) => file.path)).not.toContain('gone.md');
    const second = await content.bundle();
    expect(Object.keys(unzipSync(await readFile(second.path)))).toEqual(['README.md', 'SUMMARY.md', 'kept.md']);
    expect(second.deflated).toBe(0); // every remaining entry came from the cache
    expect((await DeflatedEntryCache.load(path.join(cacheDir, 'docs.entries'))).size).toBe(3);
    expect(second.bytesHash).not.toBe(first.bytesHash);
  });
});
