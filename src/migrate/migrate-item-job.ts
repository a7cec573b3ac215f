import * as z from 'zod';
import { MigrationItemSchema } from './plan-schema.js';
import { RUN_ID } from './run-id.js';

/**
 * Data of a `migrate-item` job: the run it belongs to and the item's definition (source and target,
 * paths absolute), never its content: the worker reads the source when it runs.
 */
export const MigrateItemJobSchema = z.object({
  runId: z.string().regex(RUN_ID, { message: 'a run id is letters, digits, ".", "_" or "-" (max 24)' }),
  item: MigrationItemSchema,
});
export type MigrateItemJob = z.infer<typeof MigrateItemJobSchema>;
