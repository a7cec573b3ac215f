import * as z from 'zod';
import { SOURCE_KINDS, MigrationModeSchema } from './plan-schema.js';
import type { Verification } from '../content/bundle/verify-content.js';

/** What happened to one item, as the ledger keeps it and the report lists it. */
export const ItemResultSchema = z.object({
  id: z.string(),
  space: z.string(),
  source: z.object({ kind: z.enum(SOURCE_KINDS), label: z.string() }),
  mode: MigrationModeSchema,
  status: z.enum(['done', 'failed']),
  /** `imported` into a change request or the space; `merged` when the change request was merged too. */
  outcome: z.enum(['imported', 'merged']).optional(),
  changeRequest: z.object({ id: z.string(), number: z.number(), url: z.string().optional() }).optional(),
  /** The import as the API reported it; absent when an earlier attempt's import was found to have landed. */
  imported: z.object({ revision: z.string(), importedResources: z.number(), totalResources: z.number() }).optional(),
  /** True when the import of an interrupted attempt had landed, so it was not sent again. */
  importRecovered: z.boolean().optional(),
  /** sha256 of what was imported (bundle content hash, or the bytes at the URL). */
  contentHash: z.string().optional(),
  /** For git sources: the commit imported. */
  commit: z.string().optional(),
  verification: z.custom<Verification>((value) => typeof value === 'object' && value !== null).optional(),
  error: z.object({ message: z.string(), code: z.string() }).optional(),
  /** HTTP requests to the API made for this item (retries and 429s included), over all attempts. */
  apiCalls: z.number().int().min(0),
  /** Time spent on this item, over all attempts, in ms. */
  durationMs: z.number().min(0),
  /** Attempts made (a retry after a transient failure is one more). */
  attempts: z.number().int().min(0),
  finishedAt: z.string(),
  warnings: z.array(z.string()),
});
export type ItemResult = z.infer<typeof ItemResultSchema>;
