import * as z from 'zod';
import { liftRedirectPages } from './redirect-record.js';
import { BasePageSchema, DeliveredFileSchema, DeliveredPageSchema, TargetFieldsSchema, type TargetState } from './state-store.js';

/**
 * Everything a target's state knows of one path in the docs root, stored as one record: what
 * content batches wrote there (`page` or `file`), and the page's `base` for platform edits.
 */
export const PageRecordSchema = z.object({ page: DeliveredPageSchema.optional(), file: DeliveredFileSchema.optional(), base: BasePageSchema.optional() });
export type PageRecord = z.infer<typeof PageRecordSchema>;

/** A target's own fields as stored beside its records: whether it has a record of deliveries, and the base's own fields. */
export const StoredFieldsSchema = z.preprocess(
  liftRedirectPages,
  TargetFieldsSchema.extend({
    delivered: z.literal(true).optional(),
    base: z.object({ version: z.number().optional(), commit: z.string().optional() }).optional(),
  }),
);
export type StoredFields = z.infer<typeof StoredFieldsSchema>;

/** A target's state as stored: its own fields, and one record per path. */
export interface StoredTarget {
  readonly fields: StoredFields;
  readonly records: ReadonlyMap<string, PageRecord>;
}

/** A state's own fields as stored: what it holds beside its records. */
export function storedFields(state: TargetState): StoredFields {
  const { delivered, base, ...rest } = state;
  return {
    ...rest,
    ...(delivered ? { delivered: true } : {}),
    ...(base
      ? { base: { ...(base.version !== undefined ? { version: base.version } : {}), ...(base.commit !== undefined ? { commit: base.commit } : {}) } }
      : {}),
  };
}

/** The record a state holds at a path; undefined when it holds nothing there. */
export function recordAt(state: TargetState | undefined, path: string): PageRecord | undefined {
  const page = state?.delivered?.pages.get(path);
  const file = state?.delivered?.files.get(path);
  const base = state?.base?.pages.get(path);
  if (page === undefined && file === undefined && base === undefined) return undefined;
  return { ...(page ? { page } : {}), ...(file ? { file } : {}), ...(base ? { base } : {}) };
}

/** A state split into its own fields and its records by path. */
export function storedTarget(state: TargetState): StoredTarget {
  const records = new Map<string, PageRecord>();
  const add = (path: string, part: PageRecord): void => void records.set(path, { ...records.get(path), ...part });
  for (const [path, page] of state.delivered?.pages ?? []) add(path, { page });
  for (const [path, file] of state.delivered?.files ?? []) add(path, { file });
  for (const [path, entry] of state.base?.pages ?? []) add(path, { base: entry });
  return { fields: storedFields(state), records };
}
