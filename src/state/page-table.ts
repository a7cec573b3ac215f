import * as z from 'zod';
import { escape, PageMap, unescape, type LineCodec } from './page-map.js';

/** A leaf of an entry: its path in the entry (`['live', 'oid']`), and whether it may be absent. */
interface Column {
  readonly path: readonly string[];
  readonly optional: boolean;
}

/** How {@link pageTable} stores and reads one map of entries by page path. */
export interface PageTable<Entry> {
  /** Reads the table as stored (text; or a record, as states written before tables were; or a map of this table), to a map. */
  readonly schema: z.ZodType<PageMap<Entry>>;
  /** A map of these entries, in this order. */
  of(entries: Iterable<readonly [string, Entry]>): PageMap<Entry>;
}

type Shape = Readonly<Record<string, z.ZodType>>;

/**
 * A map of flat entries (strings, or objects of strings, each optional or not) kept as text: one
 * line per key, its fields separated by tabs (see {@link PageMap}). A target on content batches
 * records every page twice, and every run reads the state: objects checked one by one took most of
 * the time budget of a one-page edit. The text is checked whole when read, by one regular
 * expression (the number of fields of each line, its required ones), and decoded only as far as it
 * is used. The columns come from the entry's own schema, so the two cannot drift.
 */
export function pageTable<S extends Shape>(entry: z.ZodObject<S>): PageTable<z.infer<z.ZodObject<S>>> {
  type Entry = z.infer<z.ZodObject<S>>;
  const columns = columnsOf(entry.shape, []);
  const records = z.record(z.string(), entry);
  const readers = columns.map((column) => reader(column.path));
  const line = `[^\\t\\n]+${columns.map((column) => (column.optional ? '\\t[^\\t\\n]*' : '\\t[^\\t\\n]+')).join('')}`;
  const wellFormed = new RegExp(`^(?:${line}(?:\\n${line})*)?$`);
  const codec: LineCodec<Entry> = {
    entryOf: (fields) => entryOf(columns, fields) as Entry,
    fieldsOf: (value) => {
      const fields = value as Readonly<Record<string, unknown>>;
      return readers.map((read) => escape(read(fields) ?? '')).join('\t');
    },
  };
  return {
    schema: z.unknown().transform((stored, ctx): PageMap<Entry> => {
      if (stored instanceof PageMap && stored.codec === codec) return stored as PageMap<Entry>;
      if (typeof stored === 'string') {
        const problem = wellFormedText(wellFormed, stored) ? undefined : problemOf(columns, stored);
        if (problem === undefined) return PageMap.fromText(codec, stored);
        ctx.addIssue({ code: 'custom', message: problem });
        return z.NEVER;
      }
      const parsed = records.safeParse(stored);
      if (parsed.success) return PageMap.of(codec, Object.entries(parsed.data));
      for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
      return z.NEVER;
    }),
    of: (entries) => PageMap.of(codec, entries),
  };
}

/** Whether a table's text is well formed, by one scan; false also when it is too long for the expression (millions of lines): then it is checked line by line. */
function wellFormedText(wellFormed: RegExp, text: string): boolean {
  try {
    return wellFormed.test(text);
  } catch (error) {
    if (error instanceof RangeError) return false;
    throw error;
  }
}

/** What is wrong with a table's text, if anything: its first line of the wrong shape. */
function problemOf(columns: readonly Column[], text: string): string | undefined {
  const lines = text.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const fields = (lines[index] ?? '').split('\t');
    const problem = fields.length !== columns.length + 1 ? `${fields.length - 1} fields instead of ${columns.length}` : missing(columns, fields);
    if (problem !== undefined) return `line ${index + 1} of the table: ${problem}`;
  }
  return undefined;
}

function columnsOf(shape: Shape, at: readonly string[]): Column[] {
  return Object.entries(shape).flatMap(([key, field]) => {
    const optional = field instanceof z.ZodOptional;
    const inner = field instanceof z.ZodOptional ? (field.unwrap() as z.ZodType) : field;
    if (inner instanceof z.ZodObject)
      return columnsOf(inner.shape as Shape, [...at, key]).map((column) => ({ ...column, optional: column.optional || optional }));
    if (!(inner instanceof z.ZodString)) throw new TypeError(`a page table holds strings: ${[...at, key].join('.')} is not one`);
    return [{ path: [...at, key], optional }];
  });
}

function missing(columns: readonly Column[], fields: readonly string[]): string | undefined {
  if (fields[0] === '') return 'no path';
  for (let index = 0; index < columns.length; index++) {
    const column = columns[index];
    if (column !== undefined && !column.optional && fields[index + 1] === '') return `no ${column.path.join('.')}`;
  }
  return undefined;
}

/** An entry from a line's fields: an empty field is an absent value, an object with no field set is absent. */
function entryOf(columns: readonly Column[], fields: readonly string[]): Record<string, unknown> {
  const entry: Record<string, unknown> = {};
  for (let index = 0; index < columns.length; index++) {
    const value = fields[index + 1];
    const column = columns[index];
    if (value === undefined || value === '' || column === undefined) continue;
    let into = entry;
    for (let depth = 0; depth < column.path.length - 1; depth++) {
      const key = column.path[depth] ?? '';
      into = (into[key] ??= {}) as Record<string, unknown>;
    }
    into[column.path[column.path.length - 1] ?? ''] = unescape(value);
  }
  return entry;
}

/** Reads the string at `path` of an entry. */
function reader(path: readonly string[]): (entry: Readonly<Record<string, unknown>>) => string | undefined {
  const [first = '', second] = path;
  if (path.length > 2) throw new TypeError(`a page table holds fields two deep at most: ${path.join('.')}`);
  const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
  if (second === undefined) return (entry) => text(entry[first]);
  return (entry) => {
    const inner = entry[first];
    return typeof inner === 'object' && inner !== null ? text((inner as Record<string, unknown>)[second]) : undefined;
  };
}
