import { randomBytes } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { createBundle } from '../../../src/content/bundle/create-bundle.js';
import { writeBundle } from '../../../src/content/bundle/write-bundle.js';
import { DeflatedEntryCache } from '../../../src/content/cache/deflated-entry-cache.js';
import { SnapshotStaleError } from '../../../src/content/errors/snapshot-stale-error.js';
import { WorktreeSource } from '../../../src/content/git/worktree-source.js';
import type { DocsSnapshot } from '../../../src/content/gitbook/docs-snapshot.js';
import { readDocsRepo } from '../../../src/content/read-docs-repo.js';
import type { TreeSource } from '../../../src/content/tree-source.js';
import { makeTempDir, removeTempDirs, tempTree } from '../../support/temp-tree.js';

afterAll(removeTempDirs);

/** Distinct text per page, so pages deflate to different bytes. */
const prose = (seed: number, words: number): string => Array.from({ length: words }, (_, i) => `word${(i * 7919 + seed * 104_729) % 5003}`).join(' ');

/** A repo whose pages need more deflating than is done inline (256 KiB), so workers do it. */
const bigTree = (): Promise<string> => {
  const files: Record<string, string | Uint8Array> = {
    'README.md': '# Accueil\n\n![](.gitbook/assets/Écran (1).png)\n',
    'SUMMARY.md': `* [Accueil](README.md)\n${Array.from({ length: 12 }, (_, i) => `* [Page ${i}](café/page-${i}.md)\n`).join('')}`,
    '.gitbook/assets/Écran (1).png': new Uint8Array(Array.from({ length: 3000 }, (_, i) => (i * 7919) % 256)),
  };
  for (let i = 0; i < 12; i++) files[`café/page-${i}.md`] = `# Page ${i}\n\n${prose(i, 5000)}\n`;
  return tempTree(files);
};

const read = async (dir: string): Promise<{ source: TreeSource; snapshot: DocsSnapshot }> => {
  const source = new WorktreeSource(dir, { racyWindowMs: 0 });
  return { source, snapshot: await readDocsRepo(source) };
};

const bytesOf = async (file: string): Promise<Buffer> => readFile(file);

describe('writeBundle', () => {
  it('writes exactly the bytes createBundle makes, in workers, with non-ASCII names and stored images', async () => {
    const { source, snapshot } = await read(await bigTree());
    const out = path.join(await makeTempDir(), 'bundle.zip');
    const written = await writeBundle(snapshot, source, out);
    const whole = await createBundle(snapshot, source);
    const bytes = await bytesOf(out);
    expect(bytes.equals(Buffer.from(whole.bytes))).toBe(true);
    expect(written).toMatchObject({ size: bytes.length, bytesHash: whole.bytesHash, contentHash: snapshot.contentHash, deflated: 14, read: 15 });
    expect(Object.keys(unzipSync(bytes))).toEqual(snapshot.files.map((file) => file.path));
  });

  it('after a one-page edit deflates that page only, and gives the bytes of a fresh full build', async () => {
    const dir = await bigTree();
    const cache = DeflatedEntryCache.inMemory();
    const work = await makeTempDir();
    const first = await read(dir);
    await writeBundle(first.snapshot, first.source, path.join(work, 'first.zip'), { cache });
    expect(cache.prune()).toBe(0);

    await writeFile(path.join(dir, 'café/page-3.md'), `# Page 3\n\n${prose(99, 5000)}\n`);
    const edited = await read(dir);
    const incremental = await writeBundle(edited.snapshot, edited.source, path.join(work, 'incremental.zip'), { cache });
    const fresh = await writeBundle(edited.snapshot, edited.source, path.join(work, 'fresh.zip'));
    expect(incremental.deflated).toBe(1);
    expect(fresh.deflated).toBe(14);
    expect((await bytesOf(incremental.path)).equals(await bytesOf(fresh.path))).toBe(true);
    expect(incremental.bytesHash).toBe((await createBundle(edited.snapshot, edited.source)).bytesHash);
    expect(new TextDecoder().decode(unzipSync(await bytesOf(incremental.path))['café/page-3.md'])).toContain('word');
    expect(cache.prune()).toBe(1); // the page's old content
    expect(cache.size).toBe(14); // 13 pages and SUMMARY.md; the image is stored, not cached
  });

  it('reuses a saved cache in a new process, and starts empty from a damaged one', async () => {
    const { source, snapshot } = await read(await bigTree());
    const work = await makeTempDir();
    const cacheFile = path.join(work, 'docs.entries');
    const cache = await DeflatedEntryCache.load(cacheFile);
    const first = await writeBundle(snapshot, source, path.join(work, 'a.zip'), { cache });
    await cache.save();

    const reloaded = await DeflatedEntryCache.load(cacheFile);
    expect(reloaded.loadNote).toBeUndefined();
    const second = await writeBundle(snapshot, source, path.join(work, 'b.zip'), { cache: reloaded });
    expect(second).toMatchObject({ deflated: 0, read: 1 }); // the image, read to be stored
    expect(second.bytesHash).toBe(first.bytesHash);

    const raw = await readFile(cacheFile);
    await writeFile(cacheFile, raw.subarray(0, raw.length - 1));
    const damaged = await DeflatedEntryCache.load(cacheFile);
    expect(damaged.size).toBe(0);
    expect(damaged.loadNote).toContain('damaged');
    expect((await writeBundle(snapshot, source, path.join(work, 'c.zip'), { cache: damaged })).bytesHash).toBe(first.bytesHash);
  });

  it('copies big stored files in pieces, giving the bytes createBundle makes', async () => {
    const video = randomBytes(2.5 * 1024 * 1024 + 7); // spans three pieces
    const dir = await tempTree({
      'README.md': '# Home\n\n[Video](.gitbook/assets/intro.mp4) ![](.gitbook/assets/shot.png)\n',
      'SUMMARY.md': '* [Home](README.md)\n',
      '.gitbook/assets/intro.mp4': video,
      '.gitbook/assets/shot.png': randomBytes(100 * 1024),
    });
    const { source, snapshot } = await read(dir);
    const out = path.join(await makeTempDir(), 'bundle.zip');
    source.counter.reset();
    const written = await writeBundle(snapshot, source, out);
    // Each copied file is read twice: once for its CRC-32, once into the zip.
    const pages = snapshot.files.filter((file) => file.path.endsWith('.md')).reduce((sum, file) => sum + file.size, 0);
    expect(source.counter.bytes).toBe(2 * (video.length + 100 * 1024) + pages);
    const bytes = await bytesOf(out);
    expect(bytes.equals(Buffer.from((await createBundle(snapshot, source)).bytes))).toBe(true);
    expect(written).toMatchObject({ size: bytes.length, read: 4 });
    expect(Buffer.from(unzipSync(bytes)['.gitbook/assets/intro.mp4'] ?? []).equals(video)).toBe(true);
  });

  it('refuses a big stored file that changed between its CRC read and its copy, and leaves no partial bundle', async () => {
    const dir = await tempTree({
      'README.md': '# Home\n\n![](.gitbook/assets/shot.png)\n',
      'SUMMARY.md': '* [Home](README.md)\n',
      '.gitbook/assets/shot.png': randomBytes(300 * 1024),
    });
    const source = new WorktreeSource(dir, { racyWindowMs: 0 });
    const snapshot = await readDocsRepo(source);
    let reads = 0;
    // Rewrites the file (same size) once its first read is done, as an editor saving at that moment would.
    const racing: TreeSource = {
      label: source.label,
      counter: source.counter,
      list: () => source.list(),
      read: (file) => source.read(file),
      readMany: (files) => source.readMany(files),
      async *readPieces(file, buffer) {
        yield* source.readPieces(file, buffer);
        if (++reads === 1) await writeFile(path.join(dir, file), randomBytes(300 * 1024));
      },
    };
    const work = await makeTempDir();
    await expect(writeBundle(snapshot, racing, path.join(work, 'stale.zip'))).rejects.toBeInstanceOf(SnapshotStaleError);
    expect(reads).toBe(2);
    expect(await readdir(work)).toEqual([]);
  });

  it('refuses a file that changed after the read and leaves no partial bundle', async () => {
    const dir = await bigTree();
    const { source, snapshot } = await read(dir);
    await writeFile(path.join(dir, 'café/page-7.md'), '# Changed meanwhile\n');
    const work = await makeTempDir();
    await expect(writeBundle(snapshot, source, path.join(work, 'stale.zip'))).rejects.toBeInstanceOf(SnapshotStaleError);
    expect(await readdir(work)).toEqual([]);
  });
});
