import * as z from 'zod';
import { liftRedirectPages } from './redirect-record.js';
import { BasePageSchema, DeliveredFileSchema, DeliveredPageSchema, TargetFieldsSchema, type TargetState } from './state-store.js';

/**
 * A target's state as docsync wrote it before records by page (file versions 1 and 2, and Redis
 * values without a version): one object, its maps by page either records of objects (version 1) or
 * tables of text, one line per page, its fields separated by tabs (version 2), read here once to be
 * written again as records.
 */
export function legacyTargetState(stored: unknown): { state: TargetState } | { problem: string } {
  const parsed = LegacySchema.safeParse(stored);
  if (!parsed.success) return { problem: parsed.error.issues[0]?.message ?? 'invalid' };
  const { delivered, base, ...fields } = parsed.data;
  return {
    state: {
      ...fields,
      ...(delivered ? { delivered: { pages: delivered.pages, files: delivered.files } } : {}),
      ...(base ? { base } : {}),
    },
  };
}

/** A map by page path as stored before: a table of text whose columns are `columns`, or a record of objects. */
function legacyMap<T extends z.ZodObject>(entry: T, columns: readonly string[]): z.ZodType<Map<string, z.infer<T>>> {
  return z.union([z.string(), z.record(z.string(), z.unknown())]).transform((stored, ctx) => {
    const map = new Map<string, z.infer<T>>();
    const rows: [string, unknown, string][] =
      typeof stored === 'string'
        ? (stored === '' ? [] : stored.split('\n')).map((line, index) => {
            const [path = '', ...values] = line.split('\t').map(unescape);
            return [path, rowObject(columns, values), `line ${index + 1} of the table`];
          })
        : Object.entries(stored).map(([path, value]) => [path, value, path]);
    for (const [path, value, where] of rows) {
      const parsed = entry.safeParse(value);
      if (path === '' || !parsed.success) {
        ctx.addIssue({ code: 'custom', message: `${where}: ${path === '' ? 'no path' : (parsed.error?.issues[0]?.message ?? 'invalid')}` });
        return z.NEVER;
      }
      map.set(path, parsed.data);
    }
    return map;
  });
}

/** A table row's fields as the object they stand for: `live.oid` nests, an empty field is absent. */
function rowObject(columns: readonly string[], values: readonly string[]): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  columns.forEach((column, index) => {
    const value = values[index];
    if (value === undefined || value === '') return;
    const [outer = '', inner] = column.split('.');
    if (inner === undefined) object[outer] = value;
    else object[outer] = { ...(object[outer] as Record<string, unknown> | undefined), [inner]: value };
  });
  return object;
}

const UNESCAPES: Readonly<Record<string, string>> = { '\\\\': '\\', '\\t': '\t', '\\n': '\n', '\\r': '\r' };

function unescape(value: string): string {
  return value.includes('\\') ? value.replace(/\\[\\tnr]/g, (c) => UNESCAPES[c] ?? c) : value;
}

const LegacySchema = z.preprocess(
  liftRedirectPages,
  TargetFieldsSchema.extend({
    delivered: z
      .object({
        pages: legacyMap(DeliveredPageSchema, ['id', 'hash', 'updatedAt']),
        files: legacyMap(DeliveredFileSchema, ['id', 'hash']),
      })
      .optional(),
    base: z
      .object({
        version: z.number().optional(),
        commit: z.string().optional(),
        pages: legacyMap(BasePageSchema, ['oid', 'fingerprint', 'live.oid', 'live.fingerprint']),
      })
      .optional(),
  }),
);
