import * as z from 'zod';

/** A leaf of an entry: its path in the entry (`['live', 'oid']`), and whether it may be absent. */
interface Column {
  readonly path: readonly string[];
  readonly optional: boolean;
}

/** How {@link pageTable} stores and reads one record of entries by page path. */
export interface PageTable<Entry> {
  /** Reads the table as stored (text; or a record, as states written before tables were), to a record. */
  readonly schema: z.ZodType<Record<string, Entry>>;
  /** The record as the table's text. */
  encode(record: Readonly<Record<string, Entry>>): string;
}

type Shape = Readonly<Record<string, z.ZodType>>;

/**
 * A record of flat entries (strings, or objects of strings, each optional or not) kept as text: one
 * line per key, its fields separated by tabs. A target on content batches records every page twice,
 * and every run reads the state whole: 20,000 objects checked one by one took 70 ms of a one-page
 * edit's 100 ms budget, the same lines split take a few. A line is checked for its number of fields
 * and its required ones, the columns come from the entry's own schema, so the two cannot drift.
 */
export function pageTable<S extends Shape>(entry: z.ZodObject<S>): PageTable<z.infer<z.ZodObject<S>>> {
  type Entry = z.infer<z.ZodObject<S>>;
  const columns = columnsOf(entry.shape, []);
  const records = z.record(z.string(), entry);
  const readers = columns.map((column) => reader(column.path));
  const encoded = new WeakMap<object, string>();
  const decode = (text: string, ctx: z.RefinementCtx): Record<string, Entry> => {
    const record: Record<string, Entry> = {};
    if (text === '') return record;
    const lines = text.split('\n');
    for (let index = 0; index < lines.length; index++) {
      const fields = (lines[index] ?? '').split('\t');
      const problem = fields.length !== columns.length + 1 ? `${fields.length - 1} fields instead of ${columns.length}` : missing(columns, fields);
      if (problem !== undefined) {
        ctx.addIssue({ code: 'custom', message: `line ${index + 1} of the table: ${problem}` });
        return z.NEVER;
      }
      record[unescape(fields[0] ?? '')] = entryOf(columns, fields) as Entry;
    }
    return record;
  };
  return {
    schema: z.unknown().transform((stored, ctx): Record<string, Entry> => {
      if (typeof stored === 'string') return decode(stored, ctx);
      const parsed = records.safeParse(stored);
      if (parsed.success) return parsed.data;
      for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
      return z.NEVER;
    }),
    encode: (record) => {
      // A state is saved several times a sync, most tables unchanged since the last save: each record's
      // text is kept, and the record frozen, so that a change made to it in place fails loudly instead of
      // being saved as the text from before.
      const known = encoded.get(record);
      if (known !== undefined) return known;
      const lines: string[] = [];
      for (const key in record) {
        const value = record[key] as Readonly<Record<string, unknown>>;
        let line = escape(key);
        for (const read of readers) line += `\t${escape(read(value) ?? '')}`;
        lines.push(line);
      }
      const text = lines.join('\n');
      encoded.set(Object.freeze(record), text);
      return text;
    },
  };
}

function columnsOf(shape: Shape, at: readonly string[]): Column[] {
  return Object.entries(shape).flatMap(([key, field]) => {
    const optional = field instanceof z.ZodOptional;
    const inner = field instanceof z.ZodOptional ? (field.unwrap() as z.ZodType) : field;
    if (inner instanceof z.ZodObject) return columnsOf(inner.shape as Shape, [...at, key]).map((column) => ({ ...column, optional: column.optional || optional }));
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

// Paths may hold any character but NUL: tabs, line breaks and backslashes are escaped.
const ESCAPES: Readonly<Record<string, string>> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
const UNESCAPES: Readonly<Record<string, string>> = { '\\\\': '\\', '\\t': '\t', '\\n': '\n', '\\r': '\r' };

const SPECIAL = /[\\\t\n\r]/;

function escape(value: string): string {
  return SPECIAL.test(value) ? value.replace(/[\\\t\n\r]/g, (c) => ESCAPES[c] ?? c) : value;
}

function unescape(value: string): string {
  return value.includes('\\') ? value.replace(/\\[\\tnr]/g, (c) => UNESCAPES[c] ?? c) : value;
}
