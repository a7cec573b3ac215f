import type { BullmqProducer } from './bullmq-producer.js';

export const RECONCILE_SCHEDULER_ID = 'docsync-reconcile';

/**
 * One BullMQ job scheduler fires a `reconcile-tick` every interval; its processor enqueues every
 * target through the deduplicated path, so a tick never runs a target twice at once. Upserting is
 * idempotent: every watcher may call it at start-up.
 */
export async function scheduleReconcile(producer: BullmqProducer, everyMs: number): Promise<void> {
  await producer.queue('reconcile-tick').upsertJobScheduler(RECONCILE_SCHEDULER_ID, { every: everyMs }, { name: 'reconcile-tick', data: {} });
}
