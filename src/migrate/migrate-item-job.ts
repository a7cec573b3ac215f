import * as z from 'zod';
import { MigrationItemSchema } from './plan-schema.js';
import { RUN_ID } from './run-id.js';

/**
 * Data of a `migrate-item` job: the run it belongs to and the item's definition (source and target,
 * paths absolute), never its content: the worker reads the source when it runs. A source URL that
 * holds a secret (a password, a signed query) is enqueued without it, with `plan` and `itemHash`: the
 * worker reads the whole item back from the plan file (see `sealJob`), so no secret sits in Redis.
 */
export const MigrateItemJobSchema = z.object({
  runId: z.string().regex(RUN_ID, { message: 'a run id is letters, digits, ".", "_" or "-" (max 24)' }),
  item: MigrationItemSchema,
  /** The plan file (absolute) the worker reads the item's secrets back from; absent when it has none. */
  plan: z.string().min(1).optional(),
  /** The whole item's hash, so a plan changed since the job was enqueued is noticed. */
  itemHash: z.string().min(1).optional(),
});
export type MigrateItemJob = z.infer<typeof MigrateItemJobSchema>;
