import { isDeepStrictEqual } from 'node:util';
import * as z from 'zod';
import type { PageMeta } from '../gitbook/parse-page-meta.js';

/** A page's metadata as a kept read holds it (what `parsePageMeta` derived). */
const PageMetaSchema: z.ZodType<PageMeta> = z.object({
  heading: z.string().optional(),
  description: z.string().optional(),
  icon: z.string().optional(),
  hidden: z.boolean().optional(),
  layout: z.record(z.string(), z.unknown()).optional(),
  cover: z.string().optional(),
  coverY: z.number().optional(),
  refs: z.array(z.object({ target: z.string(), line: z.number(), image: z.boolean() })),
  notes: z.array(z.object({ line: z.number(), message: z.string() })),
  binary: z.literal(true).optional(),
});

/**
 * What a kept read holds of one listed file, by its path from the source's top: the listing's size
 * and change token; for a file of the snapshot its blob oid (and `size` is the size read); for a
 * page its title in the page tree, and what the read derived from it (its metadata, and the title
 * `SUMMARY.md` gave it).
 */
export const ReadRecordSchema = z.object({
  size: z.number().int().nonnegative(),
  /** As `TreeEntry.token`: absent when the source could not vouch for it. */
  token: z.string().optional(),
  oid: z.string().optional(),
  title: z.string().optional(),
  meta: PageMetaSchema.optional(),
  outlineTitle: z.string().optional(),
});
export type ReadRecord = z.infer<typeof ReadRecordSchema>;

/** Whether two records hold the same, whatever the order of their keys (and keys holding undefined left out, as JSON has them). */
export function sameReadRecord(a: ReadRecord, b: ReadRecord): boolean {
  return isDeepStrictEqual(JSON.parse(JSON.stringify(a)), JSON.parse(JSON.stringify(b)));
}
