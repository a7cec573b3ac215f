import type { Logger } from '../logging/logger.js';
import type { MigrateItemJob } from './migrate-item-job.js';

export interface ItemAttemptContext {
  logger: Logger;
  signal: AbortSignal;
  /** 1 for the first attempt. */
  attempt: number;
}

/**
 * One attempt at one item of a run. Both drivers run the same one: the inline runner
 * ({@link runMigration}) and BullMQ workers, for which it is the `migrate-item` processor.
 */
export type ItemAttempt = (job: MigrateItemJob, context: ItemAttemptContext) => Promise<{ status: 'done'; summary: Record<string, unknown> }>;
