import { readdir, rm, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDocsRepo, type GeneratedDocsRepo } from '../../../bench/generate-docs-repo.js';
import { HashCache, readDocsRepo, WorktreeSource, type PageMeta } from '../../../src/content/index.js';
import { CACHE_VERSION } from '../../../src/content/cache/hash-cache.js';
import { makeTempDir, removeTempDirs } from '../../support/temp-tree.js';

let repo: string;
let cacheFile: string;
let generated: GeneratedDocsRepo;

beforeAll(async () => {
  repo = await makeTempDir();
  cacheFile = path.join(await makeTempDir(), 'state', 'hash-cache.json');
  generated = await generateDocsRepo(repo, { pages: 2000 });
});

afterAll(removeTempDirs);

describe('HashCache on a 2,000-page repo', () => {
  it('reads everything once, nothing when unchanged, then exactly the one edited file', async () => {
    const cache = await HashCache.load(cacheFile);
    const cold = new WorktreeSource(repo);
    const first = await readDocsRepo(cold, { cache });
    expect(first.warnings).toEqual([]);
    expect(first.stats.read).toBe(generated.files.length);
    expect(cold.counter.files).toBe(generated.files.length);
    await cache.save();

    // A new process: cache from disk, fresh source.
    const warm = new WorktreeSource(repo);
    const second = await readDocsRepo(warm, { cache: await HashCache.load(cacheFile) });
    expect(warm.counter.files).toBe(0);
    expect(second.stats).toMatchObject({ read: 0, cached: generated.files.length });
    expect(second.contentHash).toBe(first.contentHash);
    expect(second.pages).toEqual(first.pages); // titles and frontmatter came from the cache

    const edited = generated.pages[1234]!;
    await writeFile(path.join(repo, edited), '---\ndescription: Edited.\n---\n# Edited page\n');
    const afterEdit = new WorktreeSource(repo);
    const editCache = await HashCache.load(cacheFile);
    const third = await readDocsRepo(afterEdit, { cache: editCache });
    expect(afterEdit.counter.files).toBe(1);
    expect(afterEdit.counter.bytes).toBeLessThan(100);
    expect(third.stats).toMatchObject({ read: 1, cached: generated.files.length - 1 });
    expect(third.contentHash).not.toBe(first.contentHash);
    const page = third.pages
      .flatMap((group) => group.pages)
      .flatMap((p) => p.children)
      .flatMap((c) => c.children)
      .find((p) => p.path === edited);
    expect(page).toMatchObject({ title: 'Page 1234', description: 'Edited.' });
    await editCache.save();
  });

  it('starts empty from a damaged or foreign cache file, and saves atomically', async () => {
    const dir = await makeTempDir();
    const file = path.join(dir, 'cache.json');
    await writeFile(file, `{"version": ${CACHE_VERSION}}\n["a.md", {"token": "t", "size": 1, "sha256": "x"}]\n["b.md", {`);
    const damaged = await HashCache.load(file);
    expect(damaged.size).toBe(0);
    expect(damaged.loadNote).toMatch(/cache\.json:3 is not valid JSON/);
    await writeFile(file, '{"version": 999}\n');
    expect((await HashCache.load(file)).loadNote).toMatch(/another docsync version/);
    await writeFile(file, `{"version": ${CACHE_VERSION}}\n["a.md", {"token": "t", "size": 1, "sha256": "x"}]\n["b.md", {"token": "t"}]\n`);
    const damagedEntry = await HashCache.load(file);
    expect(damagedEntry.size).toBe(0);
    expect(damagedEntry.loadNote).toMatch(/damaged/);

    const small = await makeTempDir();
    const { files } = await generateDocsRepo(small, { pages: 30 });
    await readDocsRepo(new WorktreeSource(small), { cache: damaged });
    await damaged.save();
    expect(await readdir(dir)).toEqual(['cache.json']); // no temp file left behind
    expect((await HashCache.load(file)).size).toBe(files.length);
  });

  it("keeps every field of a page's metadata across a save and a load (a binary page stays one)", async () => {
    const file = path.join(await makeTempDir(), 'cache.json');
    const cache = await HashCache.load(file);
    const page: PageMeta = {
      heading: 'Title',
      description: 'About it',
      icon: 'rocket',
      hidden: true,
      layout: { title: { visible: false } },
      cover: '.gitbook/assets/cover.png',
      coverY: -12,
      refs: [{ target: '.gitbook/assets/cover.png', line: 1, image: true }],
      notes: [{ line: 2, message: 'a note' }],
      binary: true,
    };
    expect(Object.keys(page).sort()).toEqual(['binary', 'cover', 'coverY', 'description', 'heading', 'hidden', 'icon', 'layout', 'notes', 'refs']);
    cache.store('page.md', { token: 't1', size: 10, sha256: 'h', page });
    await cache.save();
    expect((await HashCache.load(file)).lookup('page.md', 't1')).toEqual({ token: 't1', size: 10, sha256: 'h', page });
  });

  it('prunes entries of files that are gone', async () => {
    const dir = await makeTempDir();
    const file = path.join(await makeTempDir(), 'cache.json');
    const { files } = await generateDocsRepo(dir, { pages: 30 });
    const cache = await HashCache.load(file);
    await readDocsRepo(new WorktreeSource(dir), { cache });
    await cache.save();
    await rm(path.join(dir, '.gitbook/assets/diagram 4.png'));

    const next = await HashCache.load(file);
    await readDocsRepo(new WorktreeSource(dir), { cache: next });
    expect(next.prune()).toBe(1);
    await next.save();
    expect((await HashCache.load(file)).size).toBe(files.length - 1);
  });

  it('waits for minChanges stored or dropped entries before it rewrites the file', async () => {
    const dir = await makeTempDir();
    const file = path.join(await makeTempDir(), 'cache.json');
    const { pages } = await generateDocsRepo(dir, { pages: 30 });
    const cache = await HashCache.load(file);
    await readDocsRepo(new WorktreeSource(dir), { cache });
    cache.prune();
    await cache.save();
    const saved = await HashCache.load(file);
    await writeFile(path.join(dir, pages[3]!), '# One edit\n');
    // A distinct mtime: a change token that differs even on a coarse clock.
    await utimes(path.join(dir, pages[3]!), new Date(), new Date(Date.now() - 60_000));
    await readDocsRepo(new WorktreeSource(dir), { cache });
    expect(cache.prune()).toBe(0);
    await cache.save({ minChanges: 2 });
    expect((await readDocsRepo(new WorktreeSource(dir), { cache: await HashCache.load(file) })).stats.read).toBe(1); // not written yet
    await rm(path.join(dir, pages[4]!));
    await readDocsRepo(new WorktreeSource(dir), { cache });
    expect(cache.prune()).toBe(1);
    await cache.save({ minChanges: 2 }); // the edit and the drop
    const next = await HashCache.load(file);
    expect(next.size).toBe(saved.size - 1);
    expect((await readDocsRepo(new WorktreeSource(dir), { cache: next })).stats.read).toBe(0);
  });

  it('always reads a file modified too recently to trust its mtime, then trusts it once the window passed', async () => {
    const dir = await makeTempDir();
    const { pages } = await generateDocsRepo(dir, { pages: 30 });
    const cache = HashCache.inMemory();
    await readDocsRepo(new WorktreeSource(dir), { cache });
    await writeFile(path.join(dir, pages[3]!), '# Just written\n');
    for (let i = 0; i < 2; i++) expect((await readDocsRepo(new WorktreeSource(dir), { cache })).stats.read).toBe(1);
    const later = { now: () => Date.now() + 5_000 };
    expect((await readDocsRepo(new WorktreeSource(dir, later), { cache })).stats.read).toBe(1);
    expect((await readDocsRepo(new WorktreeSource(dir, later), { cache })).stats.read).toBe(0);
  });
});
