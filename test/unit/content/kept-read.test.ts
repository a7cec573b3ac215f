import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { keptFiles, keptRead, keptReadOf, PageTree, type KeptRead } from '../../../src/content/cache/kept-read.js';
import { keptReadCommit, ReadLog } from '../../../src/content/cache/read-log.js';
import { ReadRecords } from '../../../src/content/cache/read-records.js';
import { KeptReadDamagedError } from '../../../src/content/errors/kept-read-damaged-error.js';
import type { DocsSnapshot } from '../../../src/content/gitbook/docs-snapshot.js';
import { parsePageMeta } from '../../../src/content/gitbook/parse-page-meta.js';
import { makeTempDir, removeTempDirs } from '../../support/temp-tree.js';

afterAll(removeTempDirs);

/** A kept read of a readme, a guide and a file written by docsync, with odd characters in its paths. */
function aKeptRead(): KeptRead {
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
    pages: [
      {
        title: undefined,
        pages: [
          { title: 'Home', path: 'README.md', children: [] },
          { title: 'Fête', path: 'émoji 🎉.md', children: [] },
        ],
      },
    ],
    files: [
      { path: '.gitbook.yaml', size: bytes.length, oid: 'c'.repeat(40), bytes },
      { path: 'README.md', size: 7, oid: 'a'.repeat(40), sourcePath: 'README.md' },
      { path: 'émoji 🎉.md', size: 9, oid: 'b'.repeat(40), sourcePath: 'émoji 🎉.md' },
    ],
    warnings: ['a warning'],
    contentHash: 'd'.repeat(64),
    stats: { listed: 3, read: 3, bytesRead: 25, cached: 0 },
  };
  return keptRead({
    key: 'key',
    commit: 'f'.repeat(40),
    listing: [
      { path: 'README.md', size: 7, token: '7:1577836800000' },
      { path: 'tab\there.md', size: 3, token: undefined },
      { path: 'émoji 🎉.md', size: 9, token: '9:1577836800000' },
    ],
    status: { head: 'e'.repeat(40), paths: ['tab\there.md'] },
    snapshot,
    pages: new Map([
      ['README.md', { meta: parsePageMeta('# Home\n'), outlineTitle: 'Home' }],
      ['émoji 🎉.md', { meta: parsePageMeta('# Fête\n'), outlineTitle: undefined }],
    ]),
  });
}

async function saved(read: KeptRead = aKeptRead()): Promise<string> {
  const file = path.join(await makeTempDir(), 'docs.read');
  await new ReadLog(file).save(read);
  return file;
}

/** What a kept read holds, as plain values. */
function plain(read: KeptRead | undefined) {
  if (read === undefined) return undefined;
  const { snapshot } = read;
  return {
    key: read.key,
    commit: read.commit,
    records: [...read.records],
    untrusted: read.untrusted,
    status: read.status,
    pageCount: read.pageCount,
    fileCount: read.fileCount,
    snapshot: { ...snapshot, files: snapshot.files.map((file) => ({ ...file, bytes: file.bytes && Buffer.from(file.bytes) })), pages: snapshot.pages },
  };
}

const lines = async (file: string): Promise<string[]> => (await readFile(file, 'utf8')).trimEnd().split('\n');

/** The kept read's file with its page tree's text changed in place, to a text as long: its hash no longer holds. */
async function alterTree(file: string): Promise<void> {
  const text = await lines(file);
  const last = text.at(-1) ?? '';
  expect(last).toContain('"title":"Fête"');
  await writeFile(file, `${[...text.slice(0, -1), last.replace('"title":"Fête"', '"title":"Fêtu"')].join('\n')}\n`);
}

describe('a kept read', () => {
  it('reads back as written: one record per listed file (token or none, blob oid, title, derivation), the snapshot, the rest', async () => {
    const read = aKeptRead();
    const file = await saved(read);
    const loaded = await new ReadLog(file).load();
    expect(plain(loaded)).toEqual(plain(read));
    expect(loaded?.records.get('tab\there.md')).toEqual({ size: 3 });
    expect(loaded?.records.get('README.md')).toEqual({
      size: 7,
      token: '7:1577836800000',
      oid: 'a'.repeat(40),
      title: 'Home',
      meta: parsePageMeta('# Home\n'),
      outlineTitle: 'Home',
    });
    const text = await lines(file);
    expect(JSON.parse(text[0] ?? '')).toEqual({ docsync: 'read', version: 3 });
    // The state's log format: a line per record, then the fields line that commits them, the page tree one of them; no other file.
    expect(text).toHaveLength(1 + 3 + 1);
    expect((JSON.parse(text.at(-1) ?? '') as { fields: { tree: unknown } }).fields.tree).toEqual(read.snapshot.pages);
    expect(await readdir(path.dirname(file))).toEqual([path.basename(file)]);
    expect(await keptReadCommit(file)).toBe('f'.repeat(40));
  });

  it('names its commit in its last line, read from the end of the file, when that line holds a page tree of many pieces', async () => {
    const read = aKeptRead();
    const pages = Array.from({ length: 3000 }, (_, i) => ({ title: `Page ${i} 🎉`, path: `page-${i}.md`, children: [] }));
    const file = await saved(keptReadOf({ ...read, tree: PageTree.of([{ title: undefined, pages }]) }));
    expect((await lines(file)).at(-1)?.length).toBeGreaterThan(2 * 65_536);
    expect(await keptReadCommit(file)).toBe('f'.repeat(40));
  });

  it('is written again, loaded and unchanged, as it was: the page tree as the text it was read as', async () => {
    const file = await saved();
    const before = await readFile(file, 'utf8');
    const log = new ReadLog(file);
    const loaded = await log.load();
    if (loaded === undefined) throw new Error('not loaded');
    await log.save(loaded);
    expect(await readFile(file, 'utf8')).toBe(before);
  });

  it("saved after a one-page edit appends that page's record and the fields that changed, nothing else", async () => {
    const file = await saved();
    const size = (await stat(file)).size;
    const log = new ReadLog(file);
    const loaded = await log.load();
    if (loaded === undefined) throw new Error('not loaded');
    const readme = loaded.records.get('README.md');
    const edited = keptReadOf({
      ...loaded,
      commit: '1'.repeat(40),
      records: loaded.records.with([['README.md', { ...readme, size: 8, oid: '2'.repeat(40) }]]),
      head: { ...loaded.head, contentHash: '3'.repeat(64) },
    });
    await log.save(edited);
    const appended = (await readFile(file)).subarray(size).toString('utf8').trimEnd().split('\n');
    expect(appended.map((line) => JSON.parse(line) as unknown)).toEqual([
      { key: 'read', path: 'README.md', record: { ...readme, size: 8, oid: '2'.repeat(40) } },
      {
        key: 'read',
        lengths: expect.any(Array) as unknown,
        fields: { commit: '1'.repeat(40), head: expect.objectContaining({ contentHash: '3'.repeat(64) }) as unknown },
        live: { records: loaded.records.size, bytes: expect.any(Number) as unknown },
      },
    ]);
    expect(await keptReadCommit(file)).toBe('1'.repeat(40));
    expect(plain(await new ReadLog(file).load())).toEqual(plain(edited));
  });

  it('is none when a line or a field fails its check, or the file is of the format before records; the next save writes it anew', async () => {
    const file = await saved();
    const good = await lines(file);
    const damaged = [
      [good[0], '{"key":"read","path":', ...good.slice(2)], // a line that is no line of the log
      [...good.slice(0, -1), good.at(-1)?.replace('"pageCount":2', '"pageCount":"two"')], // a field of another shape
      [JSON.stringify({ version: 11, key: 'key', commit: null, sha256: '0'.repeat(64), lengths: [1, 0, 0, 0, 0, 0] }), '{'], // a kept read of version 11
      [JSON.stringify({ docsync: 'read', version: 1 }), ...good.slice(1)], // a log of version 1 (its page tree a field of it)
      [...good.slice(0, -1), good.at(-1)?.replace(/"tree":.*,"live"/, '"live"')], // no page tree
    ];
    for (const text of damaged) {
      await writeFile(file, `${text.join('\n')}\n`);
      const log = new ReadLog(file);
      expect(await log.load()).toBeUndefined();
      await log.save(aKeptRead());
      expect(plain(await new ReadLog(file).load())).toEqual(plain(aKeptRead()));
    }
  });

  it('is none for a record that fails its check once used: not known to a whole read, and written anew by the next save', async () => {
    const file = await saved();
    const text = (await lines(file)).map((line) => line.replace(`"oid":"${'a'.repeat(40)}"`, '"oid":7'));
    await writeFile(file, `${text.join('\n')}\n`);
    const log = new ReadLog(file);
    const loaded = await log.load();
    if (loaded === undefined) throw new Error('not loaded');
    expect(loaded.records.get('émoji 🎉.md')?.oid).toBe('b'.repeat(40));
    expect(() => loaded.records.get('README.md')).toThrow(KeptReadDamagedError);
    // Removed at once: a run that met it where it could not read whole instead fails once, not again.
    await expect(stat(file)).rejects.toMatchObject({ code: 'ENOENT' });
    expect(keptFiles(loaded)('README.md', '7:1577836800000')).toBeUndefined();
    expect(keptFiles(loaded)('émoji 🎉.md', '9:1577836800000')).toMatchObject({ oid: 'b'.repeat(40) });
    await log.save(aKeptRead());
    expect(plain(await new ReadLog(file).load())).toEqual(plain(aKeptRead()));
  });

  it('is none once a version 2 read is met, its page tree in a file of its own: the next save writes it anew and removes that file', async () => {
    const file = await saved();
    const good = await lines(file);
    const tree = `${file}.${'9'.repeat(40)}.tree`;
    await writeFile(file, `${[JSON.stringify({ docsync: 'read', version: 2 }), ...good.slice(1)].join('\n')}\n`);
    await writeFile(tree, JSON.stringify(aKeptRead().snapshot.pages));
    // Another target's kept read beside it keeps its files.
    await writeFile(`${file}-other.read`, '');
    const log = new ReadLog(file);
    expect(await log.load()).toBeUndefined();
    await log.save(aKeptRead());
    expect(await readdir(path.dirname(file))).toEqual([path.basename(file), `${path.basename(file)}-other.read`]);
    expect(await lines(file)).toEqual(good);
  });

  it('checks its page tree by its hash when the tree is used, and is none once the tree fails its check', async () => {
    const file = await saved();
    await alterTree(file);
    const loaded = await new ReadLog(file).load();
    expect(loaded?.records.get('émoji 🎉.md')?.title).toBe('Fête');
    expect(() => loaded?.snapshot.pages).toThrow(KeptReadDamagedError);
    // Removed at once: the next run reads whole.
    await expect(stat(file)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('neither decodes nor writes its page tree when a one-page edit is saved; a read whole with another tree writes it', async () => {
    const file = await saved();
    // Its hash no longer holds: a load or a save that decoded it would find the read damaged, and remove it.
    await alterTree(file);
    const size = (await stat(file)).size;
    const log = new ReadLog(file);
    const loaded = await log.load();
    if (loaded === undefined) throw new Error('not loaded');
    const readme = loaded.records.get('README.md');
    await log.save(keptReadOf({ ...loaded, records: loaded.records.with([['README.md', { ...readme, size: 8, oid: '2'.repeat(40) }]]) }));
    const appended = (await readFile(file)).subarray(size).toString('utf8');
    expect(appended).toContain('"path":"README.md"');
    expect(appended).not.toContain('"tree"');
    const edited = await new ReadLog(file).load();
    expect(edited?.records.get('README.md')?.oid).toBe('2'.repeat(40));
    expect(() => edited?.snapshot.pages).toThrow(KeptReadDamagedError);
    const other = aKeptRead();
    const retitled = keptReadOf({ ...other, tree: PageTree.of([{ title: 'Other', pages: other.snapshot.pages[0]?.pages ?? [] }]) });
    const again = new ReadLog(file);
    await again.load();
    await again.save(retitled);
    expect((await new ReadLog(file).load())?.snapshot.pages).toEqual(retitled.snapshot.pages);
  });

  it('read back after files were removed and added by a whole read, holds the records of the read saved', async () => {
    const file = await saved();
    const log = new ReadLog(file);
    const loaded = await log.load();
    if (loaded === undefined) throw new Error('not loaded');
    const whole = keptReadOf({
      ...aKeptRead(),
      records: ReadRecords.of([
        ['README.md', { size: 7, token: '7:1577836800000', oid: 'a'.repeat(40) }],
        ['new "quoted" \\ page.md', { size: 2, token: '2:1' }],
      ]),
    });
    await log.save(whole);
    expect(plain(await new ReadLog(file).load())).toEqual(plain(whole));
  });

  it('stays compact over many edits, each saved by a process of its own that knows the file only from its bytes', async () => {
    const file = await saved();
    const compact = (await stat(file)).size;
    let rewritten = 0;
    let last: KeptRead | undefined;
    for (let edit = 0; edit < 100; edit++) {
      const before = (await stat(file)).size;
      const log = new ReadLog(file);
      const loaded = await log.load();
      if (loaded === undefined) throw new Error('not loaded');
      const path = edit % 2 === 0 ? 'README.md' : 'émoji 🎉.md';
      const record = loaded.records.get(path);
      last = keptReadOf({ ...loaded, records: loaded.records.with([[path, { ...record, size: edit, oid: edit.toString(16).padStart(40, '0') }]]) });
      await log.save(last);
      const size = (await stat(file)).size;
      if (size < before) rewritten++;
      expect(size).toBeLessThanOrEqual(3 * compact);
    }
    expect(rewritten).toBeGreaterThan(0);
    expect(rewritten).toBeLessThan(50);
    expect(plain(await new ReadLog(file).load())).toEqual(plain(last));
  });
});
