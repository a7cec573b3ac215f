import { appendFile, copyFile, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileStateStore } from '../../../src/state/file-state-store.js';
import type { RedirectPages } from '../../../src/state/redirect-record.js';
import type { TargetState } from '../../../src/state/state-store.js';
import { withChanges } from '../../../src/state/with-changes.js';
import { plain, plainAll } from '../../support/state-store-model.js';

/** A state file as docsync wrote it before records by page (version 2: the maps by page as tables of text). */
const VERSION_2 = new URL('../../fixtures/state/version-2.json', import.meta.url);

/** A log as this version's writer wrote it: odd paths, an edit, a removal, a field unset, a target deleted. */
const VERSION_3 = new URL('../../fixtures/state/version-3.json', import.meta.url);

/** What that file holds, as the state it stands for. */
const docs: TargetState = {
  lastHash: 'c0ffee',
  lastCommit: '9f1c2d3e4b5a69788796a5b4c3d2e1f009182736',
  changeRequest: { id: 'cr_1', number: 3 },
  reviewersRequested: ['ada'],
  syncedAt: '2026-11-28T10:00:00.000Z',
  landed: { hash: 'c0ffee', revision: 'rev_2', mergedOnto: 'rev_1', merged: 'rev_3' },
  delivered: {
    pages: new Map([
      ['README.md', { id: 'page_1', hash: 'h-readme', updatedAt: '2026-11-28T10:00:00.000Z' }],
      ['guide/with\ttab.md', { id: 'page_2', hash: 'h-tab' }],
      ['guide/émoji 🎉.md', { id: 'page_3', hash: 'h-emoji', updatedAt: '2026-11-28T10:00:01.000Z' }],
    ]),
    files: new Map([['.gitbook/assets/logo.png', { id: 'file_1', hash: 'h-logo' }]]),
  },
  base: {
    version: 2,
    commit: '9f1c2d3e4b5a69788796a5b4c3d2e1f009182736',
    pages: new Map([
      ['README.md', { oid: 'a'.repeat(40), fingerprint: 'fp-readme' }],
      ['guide/with\ttab.md', { oid: 'b'.repeat(40), fingerprint: 'fp-tab', live: { oid: 'c'.repeat(40), fingerprint: 'fp-live' } }],
    ]),
  },
  seenRevision: 'rev_3',
};

/** A target of `count` pages, each delivered and with a base. */
function manyPages(count: number): TargetState {
  const paths = Array.from({ length: count }, (_, i) => `part-${i % 10}/page-${i}.md`);
  return {
    lastHash: 'h0',
    reviewersRequested: [],
    delivered: {
      pages: new Map(paths.map((path, i) => [path, { id: `page_${i}`, hash: `hash-${i}`, updatedAt: '2026-11-01T10:00:00.000Z' }])),
      files: new Map(),
    },
    base: { version: 2, pages: new Map(paths.map((path, i) => [path, { oid: `oid-${i}`, fingerprint: `fp-${i}` }])) },
  };
}

/** The state with one page edited: its delivered hash, `updatedAt` and base changed. */
function edited(state: TargetState, path: string, to: string): TargetState {
  const pages = new Map(state.delivered?.pages);
  const page = pages.get(path);
  if (page) pages.set(path, { ...page, hash: `hash-${to}`, updatedAt: '2026-11-02T10:00:00.000Z' });
  const base = new Map(state.base?.pages);
  base.set(path, { oid: `oid-${to}`, fingerprint: `fp-${to}` });
  return { ...state, lastHash: to, delivered: { pages, files: state.delivered?.files ?? new Map() }, base: { ...state.base, pages: base } };
}

describe('FileStateStore', () => {
  let dir: string;
  let file: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'docsync-state-'));
    file = join(dir, 'state.json');
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('loads a state file written by version 2 and converts it to records by page that read back the same', async () => {
    await copyFile(VERSION_2, file);
    const store = new FileStateStore(file);
    expect(plain(await store.get('space:docs'))).toEqual(docs);
    expect(plain(await store.get('api:delivery'))).toEqual({ reviewersRequested: [], delivery: 'changes' });
    expect(plain(await store.get('spec:petstore'))).toEqual({
      reviewersRequested: [],
      lastHash: 'spec-hash',
      lastVersion: 'v_1',
      specSources: { files: ['openapi.yaml'], hash: 'src-hash', bytes: 1200 },
    });
    // Converted when read: a log of records now, one line per page record and one per target.
    const lines = (await readFile(file, 'utf8')).trimEnd().split('\n');
    expect(JSON.parse(lines[0] ?? '')).toEqual({ docsync: 'state', version: 3 });
    expect(lines).toHaveLength(1 + 1 + (4 + 1) + 1);
    expect(lines.map((line) => JSON.parse(line) as { path?: string }).flatMap((line) => line.path ?? [])).toEqual(
      expect.arrayContaining(['README.md', 'guide/with\ttab.md', 'guide/émoji 🎉.md', '.gitbook/assets/logo.png']),
    );
    expect(plainAll(await new FileStateStore(file).list())).toEqual(plainAll(await store.list()));
  });

  it('loads a state file written by version 1 (the maps as records of objects)', async () => {
    const json = (text: string): unknown => JSON.parse(text);
    const v2 = json(await readFile(VERSION_2, 'utf8')) as { targets: Record<string, unknown> };
    const v1 = {
      version: 1,
      targets: {
        ...v2.targets,
        'space:docs': {
          ...(v2.targets['space:docs'] as object),
          delivered: { pages: Object.fromEntries(docs.delivered?.pages ?? []), files: Object.fromEntries(docs.delivered?.files ?? []) },
          base: { version: 2, commit: docs.base?.commit, pages: Object.fromEntries(docs.base?.pages ?? []) },
        },
      },
    };
    await writeFile(file, JSON.stringify(v1, null, 2));
    expect(plain(await new FileStateStore(file).get('space:docs'))).toEqual(docs);
  });

  it('reads a log of this version as it was written: escaped paths, the last line of each path and field, removals, a deleted target', async () => {
    await copyFile(VERSION_3, file);
    const before = await readFile(file, 'utf8');
    const store = new FileStateStore(file);
    const paths = ['README.md', 'guide/with\ttab.md', 'guide/émoji 🎉.md', 'guide/"quoted" \\ back.md'];
    expect(plain(await store.get('space:docs'))).toEqual({
      lastHash: 'h-2',
      lastCommit: 'c1',
      reviewersRequested: ['ada'],
      syncedAt: '2026-11-28T10:00:00.000Z',
      redirects: { site: { orgId: 'org', siteId: 'site', siteSpaceId: 'ss', prefix: 'docs' }, made: ['/docs/old'], pending: [], settled: 'k1' },
      redirectPages: {
        moved: { '/docs/old': 'page_0' },
        pages: { page_0: 'path-0', page_1: 'path-1', page_2: 'path-2', page_3: 'path-3', page_4: 'path-4' },
        blobs: { page_0: 'a'.repeat(40) },
      },
      delivered: {
        pages: new Map(
          paths.map((path, i) => [
            path,
            { id: `page_${i}`, hash: i === 0 ? 'h0-edited' : `h${i}`, ...(i % 2 ? { updatedAt: '2026-11-28T10:00:00.000Z' } : {}) },
          ]),
        ),
        files: new Map([['.gitbook/assets/logo.png', { id: 'file_1', hash: 'h-logo' }]]),
      },
      base: {
        version: 2,
        commit: 'c1',
        pages: new Map(
          paths.map((path, i) => [
            path,
            { oid: `${i}`.repeat(40), fingerprint: `fp${i}`, ...(i === 1 ? { live: { oid: 'c'.repeat(40), fingerprint: 'fp-live' } } : {}) },
          ]),
        ),
      },
    });
    expect([...((await store.get('space:docs'))?.delivered?.files.keys() ?? [])]).toEqual(['.gitbook/assets/logo.png']);
    expect(plain(await store.get('api:delivery'))).toEqual({ reviewersRequested: [], delivery: 'changes' });
    expect(await store.get('spec:gone')).toBeUndefined();
    // Read, not rewritten; and what is appended after it reads back with it.
    expect(await readFile(file, 'utf8')).toBe(before);
    const read = await store.get('space:docs');
    if (read?.delivered === undefined) throw new Error('no deliveries read');
    const next = { ...read, lastHash: 'h-3', delivered: { ...read.delivered, pages: withChanges(read.delivered.pages, [['guide/émoji 🎉.md', undefined]]) } };
    await store.set('space:docs', next);
    expect(plain(await new FileStateStore(file).get('space:docs'))).toEqual(plain(next));
    // Its fields lines did not count the target's records: counted when first written, the count given from then on.
    const last = JSON.parse((await readFile(file, 'utf8')).trimEnd().split('\n').at(-1) ?? '') as { live?: { records: number } };
    expect(last.live?.records).toBe(paths.length + 1); // and the logo's
  });

  it('keeps a log read back from its file compact: what is live of it is counted from the bytes read', async () => {
    let state = manyPages(100);
    await new FileStateStore(file).set('space:docs', state);
    const compact = (await stat(file)).size;
    let rewritten = 0;
    for (let edit = 0; edit < 200; edit++) {
      const before = (await stat(file)).size;
      state = edited(state, `part-${edit % 10}/page-${edit % 100}.md`, `edit-${edit}`);
      // A process of its own each time: it knows the log only from the file.
      await new FileStateStore(file).set('space:docs', state);
      const size = (await stat(file)).size;
      if (size < before) rewritten++;
      expect(size).toBeLessThanOrEqual(2.2 * compact);
    }
    // Counted short, it would be rewritten at almost every edit.
    expect(rewritten).toBeGreaterThan(0);
    expect(rewritten).toBeLessThan(20);
    expect(plain(await new FileStateStore(file).get('space:docs'))).toEqual(state);
  });

  it('refuses a state file shorter than the header of a log as the document it is not', async () => {
    await writeFile(file, '{"version": 2');
    await expect(new FileStateStore(file).get('space:docs')).rejects.toThrow(/the state file is not valid JSON/);
  });

  it('refuses redirects whose pages are not strings by page id, naming the target', async () => {
    await writeFile(
      file,
      `${JSON.stringify({ docsync: 'state', version: 3 })}\n${JSON.stringify({ key: 'space:docs', fields: { reviewersRequested: [], redirects: { pages: { page_1: 7 } } } })}\n`,
    );
    await expect(new FileStateStore(file).get('space:docs')).rejects.toThrow(
      /the fields of space:docs are not in the expected shape \(expected an object of strings\)/,
    );
  });

  it('reads the redirect pages when first used: a damaged field stops neither a read nor a write that keeps it, and is refused when used', async () => {
    const redirects = { made: ['/docs/old'], pending: [], settled: 'k1' };
    const damagedPages = { moved: {}, pages: { page_0: 7 }, blobs: {} } as unknown as RedirectPages;
    await new FileStateStore(file).set('space:docs', { ...manyPages(3), redirects, redirectPages: damagedPages });
    const read = await new FileStateStore(file).get('space:docs');
    expect(read?.redirects).toEqual(redirects);
    const before = (await stat(file)).size;
    const store = new FileStateStore(file);
    const state = await store.get('space:docs');
    await store.set('space:docs', { ...(state ?? { reviewersRequested: [] }), syncedAt: '2026-11-29T00:00:00.000Z' });
    const appended = (await readFile(file, 'utf8')).slice(before).trimEnd().split('\n');
    expect(appended.map((line) => JSON.parse(line) as unknown)).toEqual([expect.objectContaining({ fields: { syncedAt: '2026-11-29T00:00:00.000Z' } })]);
    expect(() => read?.redirectPages?.pages).toThrow(/the field redirectPages of space:docs is not in the expected shape \(expected an object of strings\)/);
  });

  it('refuses a damaged table of version 2 with the line, and keeps the file as it was', async () => {
    const text = JSON.stringify({
      version: 2,
      targets: { 'space:docs': { reviewersRequested: [], delivered: { pages: 'a.md\tp1\th\t\nb.md\t\th\t', files: '' } } },
    });
    await writeFile(file, text);
    await expect(new FileStateStore(file).get('space:docs')).rejects.toThrow(/state file is not in the expected shape \(space:docs: line 2 of the table: /);
    expect(await readFile(file, 'utf8')).toBe(text);
  });

  it('appends only the records a one-page edit changed: the file is not rewritten', async () => {
    const store = new FileStateStore(file);
    const first = manyPages(2000);
    await store.set('space:docs', first);
    const before = await readFile(file, 'utf8');
    await store.set('space:docs', edited(first, 'part-3/page-13.md', 'edit-1'));
    const after = await readFile(file, 'utf8');
    expect(after.startsWith(before)).toBe(true);
    const appended = after.slice(before.length).trimEnd().split('\n');
    expect(appended).toHaveLength(2); // the page's record, and the target's fields
    expect(plain(await new FileStateStore(file).get('space:docs'))).toEqual(edited(first, 'part-3/page-13.md', 'edit-1'));
    // Nothing changed, nothing written.
    await store.set('space:docs', edited(first, 'part-3/page-13.md', 'edit-1'));
    expect(await readFile(file, 'utf8')).toBe(after);
  });

  it('compacts the log once its dead lines outweigh its live ones', async () => {
    const store = new FileStateStore(file);
    let state = manyPages(100);
    await store.set('space:docs', state);
    const compact = (await stat(file)).size;
    let rewritten = 0;
    for (let edit = 0; edit < 300; edit++) {
      const before = (await stat(file)).size;
      state = edited(state, `part-${edit % 10}/page-${edit % 100}.md`, `edit-${edit}`);
      await store.set('space:docs', state);
      const size = (await stat(file)).size;
      if (size < before) rewritten++;
      expect(size).toBeLessThanOrEqual(2.2 * compact);
    }
    expect(rewritten).toBeGreaterThan(0);
    expect(plain(await new FileStateStore(file).get('space:docs'))).toEqual(state);
  });

  it('appends only the fields that changed: a large one (the redirects of 2,000 pages) is not written again by an edit', async () => {
    const store = new FileStateStore(file);
    const pages = Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`page_${i}`, `part/page-${i}`]));
    const first: TargetState = { ...manyPages(10), redirects: { made: [], pending: [] }, redirectPages: { moved: {}, pages, blobs: {} } };
    await store.set('space:docs', first);
    const before = (await stat(file)).size;
    const { syncedAt: _, ...rest } = first;
    await store.set('space:docs', { ...edited(rest, 'part-3/page-3.md', 'edit-1'), syncedAt: '2026-11-29T00:00:00.000Z' });
    const appended = (await readFile(file, 'utf8')).slice(before).trimEnd().split('\n');
    expect(appended.map((line) => JSON.parse(line) as unknown)).toEqual([
      expect.objectContaining({ path: 'part-3/page-3.md' }),
      {
        key: 'space:docs',
        lengths: [8, 26],
        fields: { lastHash: 'edit-1', syncedAt: '2026-11-29T00:00:00.000Z' },
        live: { records: 10, bytes: expect.any(Number) as unknown },
      },
    ]);
    await store.set('space:docs', edited(rest, 'part-3/page-3.md', 'edit-1'));
    expect(JSON.parse((await readFile(file, 'utf8')).trimEnd().split('\n').at(-1) ?? '')).toEqual({
      key: 'space:docs',
      lengths: [],
      fields: {},
      unset: ['syncedAt'],
      live: { records: 10, bytes: expect.any(Number) as unknown },
    });
    expect(plain(await new FileStateStore(file).get('space:docs'))).toEqual(plain(edited(rest, 'part-3/page-3.md', 'edit-1')));
  });

  it('drops a write cut short (records without their fields line, a line without its end) and cuts it from the file', async () => {
    const store = new FileStateStore(file);
    const state = manyPages(3);
    await store.set('space:docs', state);
    const whole = await readFile(file, 'utf8');
    await appendFile(
      file,
      `${JSON.stringify({ key: 'space:docs', path: 'part-0/page-0.md', record: { page: { id: 'x', hash: 'torn' } } })}\n{"key":"space:docs","fie`,
    );
    const reread = new FileStateStore(file);
    expect(plain(await reread.get('space:docs'))).toEqual(state);
    expect(await readFile(file, 'utf8')).toBe(whole);
    await reread.set('space:other', { reviewersRequested: [] });
    expect(plainAll(await new FileStateStore(file).list())).toEqual(
      new Map([
        ['space:docs', state],
        ['space:other', { reviewersRequested: [] }],
      ]),
    );
  });

  it('refuses a damaged line before the end with the file and its line, and a damaged record once it is used with its path; the file stays as it was', async () => {
    const store = new FileStateStore(file);
    await store.set('space:docs', manyPages(3));
    const lines = (await readFile(file, 'utf8')).split('\n');
    const damaged = [...lines];
    damaged[2] = '{"key":"space:docs","path":';
    await writeFile(file, damaged.join('\n'));
    await expect(new FileStateStore(file).get('space:docs')).rejects.toMatchObject({ file, issues: [expect.objectContaining({ line: 3 })] });
    expect(await readFile(file, 'utf8')).toBe(damaged.join('\n'));
    damaged[2] = '{"key":"space:docs","path":"part-1/page-1.md","record":{"page":{"id":7}}}';
    await writeFile(file, damaged.join('\n'));
    const read = await new FileStateStore(file).get('space:docs');
    expect(read?.delivered?.pages.get('part-0/page-0.md')).toEqual({ id: 'page_0', hash: 'hash-0', updatedAt: '2026-11-01T10:00:00.000Z' });
    expect(() => read?.delivered?.pages.get('part-1/page-1.md')).toThrow(/the record of part-1\/page-1\.md in space:docs is not in the expected shape/);
    expect(await readFile(file, 'utf8')).toBe(damaged.join('\n'));
  });

  it('writes a one-page edit made on the records it read as that page alone, decoding no other record', async () => {
    await new FileStateStore(file).set('space:docs', manyPages(1000));
    // Every record but one damaged: a write that decoded any other would fail.
    const lines = (await readFile(file, 'utf8')).trimEnd().split('\n');
    const damaged = lines.map((line) =>
      line.includes('"path":"part-3/page-13.md"') || !line.includes('"record"') ? line : line.replace(/"record":.*\}$/, '"record":{"page":7}}'),
    );
    await writeFile(file, `${damaged.join('\n')}\n`);
    const store = new FileStateStore(file);
    const read = await store.get('space:docs');
    const page = read?.delivered?.pages.get('part-3/page-13.md');
    if (read?.delivered === undefined || read.base === undefined || page === undefined) throw new Error('no record of part-3/page-13.md');
    await store.set('space:docs', {
      ...read,
      lastHash: 'h1',
      delivered: { ...read.delivered, pages: withChanges(read.delivered.pages, [['part-3/page-13.md', { ...page, hash: 'hash-new' }]]) },
      base: { ...read.base, pages: withChanges(read.base.pages, [['part-3/page-13.md', { oid: 'oid-new', fingerprint: 'fp-new' }]]) },
    });
    const appended = (await readFile(file, 'utf8')).trimEnd().split('\n').slice(damaged.length);
    expect(appended.map((line) => JSON.parse(line) as unknown)).toEqual([
      {
        key: 'space:docs',
        path: 'part-3/page-13.md',
        record: { page: { ...page, hash: 'hash-new' }, base: { oid: 'oid-new', fingerprint: 'fp-new' } },
      },
      {
        key: 'space:docs',
        lengths: expect.any(Array) as unknown,
        fields: expect.objectContaining({ lastHash: 'h1' }) as unknown,
        live: { records: 1000, bytes: expect.any(Number) as unknown },
      },
    ]);
  });
});
