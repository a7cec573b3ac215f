import type { BullmqProducer } from './bullmq-producer.js';
import type { JobKind, JobSchemas } from './job-catalog.js';

export const RECONCILE_SCHEDULER_ID = 'docsync-reconcile';

/**
 * One BullMQ job scheduler fires a job of kind `tick` (with empty data) every interval; its
 * processor enqueues every target through the deduplicated path, so a tick never runs a target
 * twice at once. Upserting is idempotent: every watcher may call it at start-up.
 */
export async function scheduleReconcile<S extends JobSchemas>(producer: BullmqProducer<S>, tick: JobKind<S>, everyMs: number): Promise<void> {
  await producer.queue(tick).upsertJobScheduler(RECONCILE_SCHEDULER_ID, { every: everyMs }, { name: tick, data: {} });
}
