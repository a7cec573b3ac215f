import { appendFile, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { RecordLog, type RecordLogFormat } from '../../../src/state/record-log.js';
import { makeTempDir, removeTempDirs } from '../../support/temp-tree.js';

afterAll(removeTempDirs);

const HEADER = JSON.stringify({ docsync: 'test', version: 1 });

/** Records are strings; fields an object of anything. */
const format: RecordLogFormat<string, Record<string, unknown>> = {
  header: HEADER,
  name: 'the test log',
  decodeRecord: (_key, _path, text) => {
    const value = JSON.parse(text) as unknown;
    if (typeof value !== 'string') throw new Error(`not a string: ${text}`);
    return value;
  },
  decodeFields: (_key, texts) => Object.fromEntries([...texts].map(([name, text]) => [name, JSON.parse(text.toString()) as unknown])),
  damaged: (problem) => new Error(`damaged: ${problem}`),
};

const record = (key: string, path: string, value?: string): string => JSON.stringify(value === undefined ? { key, path } : { key, path, record: value });
const fields = (key: string): string => JSON.stringify({ key, fields: { n: 1 } });

async function logFile(lines: readonly string[]): Promise<string> {
  const file = path.join(await makeTempDir(), 'test.log');
  await writeFile(file, `${[HEADER, ...lines].join('\n')}\n`);
  return file;
}

describe('a record log', () => {
  it("finds each path's record on its last committed line, looked up one by one and once its lines are indexed alike", async () => {
    const many = Array.from({ length: 24 }, (_, i) => `many/page-${i}.md`);
    const file = await logFile([
      record('k', 'a.md', 'a1'),
      record('k', 'a.md.bak', 'bak1'),
      record('k', 'q"uote\\d\t.md', 'q1'),
      record('k', 'émoji 🎉.md', 'e1'),
      ...many.map((page, i) => record('k', page, `m${i}`)),
      fields('k'),
      record('k', 'a.md', 'a2'),
      record('j', 'a.md', 'j1'),
      fields('j'),
      record('k', 'gone.md', 'g1'),
      fields('k'),
      record('k', 'gone.md'),
      record('k', 'many/page-3.md', 'm3-again'),
      fields('k'),
      // A write of k cut short, then committed lines of j: k's record is not k's.
      record('k', 'a.md.bak', 'torn'),
      fields('j'),
      record('x', 'old.md', 'o1'),
      fields('x'),
      JSON.stringify({ key: 'x', deleted: true }),
      record('x', 'new.md', 'n1'),
      fields('x'),
    ]);
    const expected = new Map<string, Map<string, string>>([
      [
        'k',
        new Map([
          ['a.md', 'a2'],
          ['a.md.bak', 'bak1'],
          ['q"uote\\d\t.md', 'q1'],
          ['émoji 🎉.md', 'e1'],
          ...many.map((page, i): [string, string] => [page, i === 3 ? 'm3-again' : `m${i}`]),
        ]),
      ],
      ['j', new Map([['a.md', 'j1']])],
      ['x', new Map([['new.md', 'n1']])],
    ]);
    const absent = ['gone.md', 'old.md', 'nothing.md', 'a.m', 'many/page-1'];
    // One by one (past the few searched, the lines are indexed), then listed.
    const keys = await new RecordLog(file, format).load();
    expect([...keys.keys()].sort()).toEqual(['j', 'k', 'x']);
    for (const [key, records] of expected) {
      const stored = keys.get(key)?.records;
      for (const [page, value] of records) expect([key, page, stored?.get(page)]).toEqual([key, page, value]);
      for (const page of absent) expect([key, page, stored?.get(page), stored?.has(page)]).toEqual([key, page, undefined, false]);
      expect(new Map([...(stored?.keys() ?? [])].map((page) => [page, stored?.get(page)]))).toEqual(records);
    }
    // Listed first, then looked up.
    for (const [key, records] of expected) {
      const stored = (await new RecordLog(file, format).load()).get(key)?.records;
      expect(new Map([...(stored?.keys() ?? [])].map((page) => [page, stored?.get(page)]))).toEqual(records);
      expect(stored?.size).toBe(records.size);
    }
  });

  it('reads and writes a one-page edit without reading the lines of other records: their count is the fields line’s, a damaged one is found once they are listed', async () => {
    const log = new RecordLog(path.join(await makeTempDir(), 'test.log'), format);
    const pages = Array.from({ length: 100 }, (_, i) => [`page-${i}.md`, `v${i}`] as const);
    await log.write('k', { n: 1 }, pages);
    const text = await readFile(log.path, 'utf8');
    // Every other record's line damaged past its key and path's start: a log that indexed its lines when read would refuse it.
    const damaged = text.replace(/("path":"page-(?!7\.md")\d+\.md)","record":"v\d+"/g, '$1\\q","record":"v"');
    expect(damaged.match(/\\q/g)).toHaveLength(99);
    await writeFile(log.path, damaged);
    const keys = await new RecordLog(log.path, format).load();
    const stored = keys.get('k')?.records;
    expect(stored?.get('page-7.md')).toBe('v7');
    expect(stored?.size).toBe(100);
    const reread = new RecordLog(log.path, format);
    await reread.load();
    await reread.write('k', { n: 2 }, [['page-7.md', 'v7-edited']]);
    const appended = (await readFile(log.path, 'utf8')).slice(damaged.length).trimEnd().split('\n');
    expect(appended.map((line) => JSON.parse(line) as unknown)).toEqual([
      { key: 'k', path: 'page-7.md', record: 'v7-edited' },
      { key: 'k', lengths: [1], fields: { n: 2 }, live: { records: 100, bytes: expect.any(Number) as unknown } },
    ]);
    expect((await new RecordLog(log.path, format).load()).get('k')?.records.get('page-7.md')).toBe('v7-edited');
    expect(() => [...(stored?.keys() ?? [])]).toThrow(/damaged: a line of k's records at byte \d+ is not a record's line/);
  });

  it('counts the live records of a log written before fields lines counted them, and keeps it compact', async () => {
    const lines = Array.from({ length: 50 }, (_, i) => record('k', `page-${i}.md`, `v${i}`));
    const file = await logFile([...lines, fields('k')]);
    const log = new RecordLog(file, format);
    expect((await log.load()).get('k')?.records.size).toBe(50);
    await log.write('k', { n: 1 }, [['page-50.md', 'v50']]);
    const last = JSON.parse((await readFile(file, 'utf8')).trimEnd().split('\n').at(-1) ?? '') as unknown;
    const bytes = [...lines, record('k', 'page-50.md', 'v50')].reduce((sum, line) => sum + Buffer.byteLength(line) + 1, 0);
    expect(last).toEqual({ key: 'k', lengths: [], fields: {}, live: { records: 51, bytes } });
    // Rewritten whole once its dead lines outweigh the live ones, counted from the fields lines.
    for (let edit = 0; edit < 120; edit++) {
      const next = new RecordLog(file, format);
      await next.write('k', { n: 1 }, [[`page-${edit % 51}.md`, `edit-${edit}`]]);
    }
    const size = Buffer.byteLength(await readFile(file, 'utf8'));
    expect(size).toBeLessThan(2.2 * (Buffer.byteLength(HEADER) + bytes + 200));
    await appendFile(file, ''); // nothing cut
    const stored = (await new RecordLog(file, format).load()).get('k')?.records;
    expect(stored?.size).toBe(51);
    expect(stored?.get('page-0.md')).toBe('edit-102');
  });

  it("gives each field's length in bytes before the fields, and is read by them; a line whose lengths do not fit its fields is read whole", async () => {
    const log = new RecordLog(path.join(await makeTempDir(), 'test.log'), format);
    const big = { tree: Array.from({ length: 500 }, (_, i) => ({ title: `Fête ${i} 🎉 "q" ]}`, children: [] })) };
    await log.write('k', { small: 1, big, text: 'é]' }, [['a.md', 'a']]);
    const text = await readFile(log.path, 'utf8');
    const line = JSON.parse(text.trimEnd().split('\n').at(-1) ?? '') as { lengths: number[] };
    expect(line.lengths).toEqual([1, Buffer.byteLength(JSON.stringify(big)), Buffer.byteLength('"é]"')]);
    expect((await new RecordLog(log.path, format).load()).get('k')?.fields).toEqual({ small: 1, big, text: 'é]' });
    for (const lengths of ['[1,5,6]', '[1]', '[1,0,6]', '[2,10]']) {
      await writeFile(log.path, text.replace(/"lengths":\[[^\]]*\]/, `"lengths":${lengths}`));
      expect((await new RecordLog(log.path, format).load()).get('k')?.fields).toEqual({ small: 1, big, text: 'é]' });
    }
  });

  it('writes a field its format left as bytes as those bytes, appended or rewritten, and a text its format made as that text', async () => {
    const file = path.join(await makeTempDir(), 'test.log');
    // A text no JSON.stringify makes: copied, never encoded again.
    const text = '[ "é", "big" ]';
    const given = ['é', 'big'];
    const lazy: RecordLogFormat<string, Record<string, unknown>> = {
      ...format,
      decodeFields: (_key, texts) => ({ n: JSON.parse(texts.get('n')?.toString() ?? '') as unknown, tree: { bytes: texts.get('tree') } }),
      encodeField: (name, value) => (name === 'tree' && value === given ? text : undefined),
    };
    await new RecordLog(file, lazy).write('k', { n: 0, tree: given }, [['a.md', 'a']]);
    let rewritten = false;
    for (let n = 1; !rewritten; n++) {
      const before = await readFile(file);
      const log = new RecordLog(file, lazy);
      const fields = (await log.load()).get('k')?.fields ?? {};
      expect(fields['tree']).toEqual({ bytes: Buffer.from(text) });
      await log.write('k', { ...fields, n }, [['a.md', `a${n}`]]);
      const after = await readFile(file);
      rewritten = after.length < before.length;
      const last = after.toString().trimEnd().split('\n').at(-1) ?? '';
      if (rewritten) expect(last).toContain(`"tree":${text}`);
      else expect(last).not.toContain('"tree"');
    }
  });

  it('rewrites a log whose dead lines outweigh the live ones in pieces, copying the records read as their lines, not decoding them', async () => {
    // Over a piece of 1 MiB live: the rewrite is written in several.
    const value = (i: number, round: number): string => `${round}-${i}-${'é'.repeat(200)}`;
    const paths = Array.from({ length: 3000 }, (_, i) => `page-${i}.md`);
    const file = await logFile([0, 1, 2].flatMap((round) => [...paths.map((page, i) => record('k', page, value(i, round))), fields('k')]));
    let decoded = 0;
    const counting: typeof format = { ...format, decodeRecord: (...args) => (decoded++, format.decodeRecord(...args)) };
    const log = new RecordLog(file, counting);
    await log.load();
    await log.write('k', { n: 1 }, [['page-0.md', 'new']]);
    expect(decoded).toBe(0);
    const text = await readFile(file, 'utf8');
    expect(text.split('\n').length).toBe(paths.length + 3); // header, records, fields line, and the last newline
    const stored = (await new RecordLog(file, format).load()).get('k')?.records;
    expect(stored?.size).toBe(paths.length);
    expect(paths.map((page) => stored?.get(page))).toEqual(paths.map((_, i) => (i === 0 ? 'new' : value(i, 2))));
  });
});
