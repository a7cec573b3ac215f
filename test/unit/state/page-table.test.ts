import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { pageTable } from '../../../src/state/page-table.js';
import { storedTargetState, TargetStateSchema, type TargetState } from '../../../src/state/state-store.js';

const table = pageTable(z.object({ oid: z.string(), fingerprint: z.string(), live: z.object({ oid: z.string(), fingerprint: z.string() }).optional() }));

describe('pageTable', () => {
  it('reads back what it wrote, optional and nested fields included, whatever characters a path holds', () => {
    const record = {
      'guide/intro.md': { oid: 'a1', fingerprint: 'f1' },
      'odd\tname\nwith\\breaks\r.md': { oid: 'a2', fingerprint: 'f2', live: { oid: 'b2', fingerprint: 'g2' } },
      'ünïcode/页面.md': { oid: 'a3', fingerprint: 'f3' },
    };
    const text = table.encode(record);
    expect(text.split('\n')).toHaveLength(3);
    expect(table.schema.parse(text)).toEqual(record);
    expect(table.schema.parse(table.encode({}))).toEqual({});
  });

  it('still reads a record of objects, as states written before tables were', () => {
    const record = { 'a.md': { oid: 'a1', fingerprint: 'f1', live: { oid: 'b1', fingerprint: 'g1' } } };
    expect(table.schema.parse(record)).toEqual(record);
    expect(table.schema.safeParse({ 'a.md': { oid: 'a1' } }).success).toBe(false);
  });

  it('names the line that lacks a field or holds too many', () => {
    const good = table.encode({ 'a.md': { oid: 'a1', fingerprint: 'f1' } });
    const short = table.schema.safeParse(`${good}\nb.md\tb1\t\t\t`);
    expect(short.success).toBe(false);
    expect(short.error?.issues[0]?.message).toBe('line 2 of the table: no fingerprint');
    const long = table.schema.safeParse(`c.md\tc1\tf\t\t\textra\n${good}`);
    expect(long.error?.issues[0]?.message).toBe('line 1 of the table: 5 fields instead of 4');
    expect(table.schema.safeParse('\ta\tb\t\t').error?.issues[0]?.message).toBe('line 1 of the table: no path');
  });

  it('keeps the text of a record it wrote, and freezes the record so a change in place cannot be saved stale', () => {
    const record: Record<string, { oid: string; fingerprint: string }> = { 'a.md': { oid: 'a1', fingerprint: 'f1' } };
    const text = table.encode(record);
    expect(table.encode(record)).toBe(text);
    expect(() => {
      record['b.md'] = { oid: 'b1', fingerprint: 'g1' };
    }).toThrow(TypeError);
    expect(table.encode({ ...record, 'b.md': { oid: 'b1', fingerprint: 'g1' } })).toBe(`${text}\nb.md\tb1\tg1\t\t`);
  });

  it('refuses an entry schema with a field it cannot hold as text', () => {
    expect(() => pageTable(z.object({ id: z.string(), size: z.number() }))).toThrow('a page table holds strings: size is not one');
  });
});

describe('storedTargetState', () => {
  it('writes the records by page as tables that TargetStateSchema reads back to the same state', () => {
    const state: TargetState = {
      lastHash: 'h',
      reviewersRequested: ['ana'],
      delivered: { pages: { 'a.md': { id: 'p1', hash: 'x', updatedAt: '2026-01-01T00:00:00.000Z' }, 'b.md': { id: 'p2', hash: 'y' } }, files: { 'img.png': { id: 'f1', hash: 'z' } } },
      base: { commit: 'c0ffee', pages: { 'a.md': { oid: 'o1', fingerprint: 'f1', live: { oid: 'o2', fingerprint: 'f2' } } } },
    };
    const stored = JSON.parse(JSON.stringify(storedTargetState(state))) as { delivered: { pages: unknown; files: unknown }; base: { pages: unknown; commit: string } };
    expect(typeof stored.delivered.pages).toBe('string');
    expect(typeof stored.delivered.files).toBe('string');
    expect(typeof stored.base.pages).toBe('string');
    expect(stored.base.commit).toBe('c0ffee');
    expect(TargetStateSchema.parse(stored)).toEqual(state);
  });
});
