import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { pageTable } from '../../../src/state/page-table.js';
import { storedTargetState, TargetStateSchema, basePages, deliveredFiles, deliveredPages, type TargetState } from '../../../src/state/state-store.js';

const table = pageTable(z.object({ oid: z.string(), fingerprint: z.string(), live: z.object({ oid: z.string(), fingerprint: z.string() }).optional() }));

describe('pageTable', () => {
  it('reads back what it wrote, optional and nested fields included, whatever characters a path holds', () => {
    const record = {
      'guide/intro.md': { oid: 'a1', fingerprint: 'f1' },
      'odd\tname\nwith\\breaks\r.md': { oid: 'a2', fingerprint: 'f2', live: { oid: 'b2', fingerprint: 'g2' } },
      'ünïcode/页面.md': { oid: 'a3', fingerprint: 'f3' },
    };
    const text = table.of(Object.entries(record)).toText();
    expect(text.split('\n')).toHaveLength(3);
    const read = table.schema.parse(text);
    expect(Object.fromEntries(read)).toEqual(record);
    expect(read.toText()).toBe(text);
    expect(table.schema.parse(table.of([]).toText()).size).toBe(0);
  });

  it('still reads a record of objects, as states written before tables were', () => {
    const record = { 'a.md': { oid: 'a1', fingerprint: 'f1', live: { oid: 'b1', fingerprint: 'g1' } } };
    expect(Object.fromEntries(table.schema.parse(record))).toEqual(record);
    expect(table.schema.safeParse({ 'a.md': { oid: 'a1' } }).success).toBe(false);
  });

  it('takes a map of its own as it is, and no other table’s', () => {
    const map = table.of([['a.md', { oid: 'a1', fingerprint: 'f1' }]]);
    expect(table.schema.parse(map)).toBe(map);
    expect(basePages.schema.safeParse(map).success).toBe(false);
  });

  it('names the line that lacks a field or holds too many', () => {
    const good = table.of([['a.md', { oid: 'a1', fingerprint: 'f1' }]]).toText();
    const short = table.schema.safeParse(`${good}\nb.md\tb1\t\t\t`);
    expect(short.success).toBe(false);
    expect(short.error?.issues[0]?.message).toBe('line 2 of the table: no fingerprint');
    const long = table.schema.safeParse(`c.md\tc1\tf\t\t\textra\n${good}`);
    expect(long.error?.issues[0]?.message).toBe('line 1 of the table: 5 fields instead of 4');
    expect(table.schema.safeParse('\ta\tb\t\t').error?.issues[0]?.message).toBe('line 1 of the table: no path');
    expect(table.schema.safeParse(`${good}\n`).error?.issues[0]?.message).toBe('line 2 of the table: 0 fields instead of 4');
  });

  it('refuses an entry schema with a field it cannot hold as text', () => {
    expect(() => pageTable(z.object({ id: z.string(), size: z.number() }))).toThrow('a page table holds strings: size is not one');
  });
});

describe('storedTargetState', () => {
  const state: TargetState = {
    lastHash: 'h',
    reviewersRequested: ['ana'],
    delivered: {
      pages: deliveredPages.of([
        ['a.md', { id: 'p1', hash: 'x', updatedAt: '2026-01-01T00:00:00.000Z' }],
        ['b.md', { id: 'p2', hash: 'y' }],
      ]),
      files: deliveredFiles.of([['img.png', { id: 'f1', hash: 'z' }]]),
    },
    base: { commit: 'c0ffee', pages: basePages.of([['a.md', { oid: 'o1', fingerprint: 'f1', live: { oid: 'o2', fingerprint: 'f2' } }]]) },
  };

  it('writes the maps by page as tables that TargetStateSchema reads back to the same state', () => {
    const stored = JSON.parse(JSON.stringify(storedTargetState(state))) as {
      delivered: { pages: unknown; files: unknown };
      base: { pages: unknown; commit: string };
    };
    expect(typeof stored.delivered.pages).toBe('string');
    expect(typeof stored.delivered.files).toBe('string');
    expect(typeof stored.base.pages).toBe('string');
    expect(stored.base.commit).toBe('c0ffee');
    expect(TargetStateSchema.parse(stored)).toEqual(state);
    // Written as JSON as it is (a ledger keeps a record in a state's `migration`), a map is its table.
    expect(JSON.parse(JSON.stringify(state))).toEqual(stored);
  });

  it('writes a table read and left unchanged as the text it was read from, without decoding it', () => {
    const text = 'a.md\to1\tf1\t\t\nb.md\to2\tf2\to3\tf3';
    const read = TargetStateSchema.parse({ reviewersRequested: [], base: { pages: text } });
    const stored = storedTargetState(read) as { base: { pages: string } };
    expect(stored.base.pages).toBe(text);
  });
});
