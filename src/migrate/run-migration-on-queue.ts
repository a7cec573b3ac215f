import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from '../logging/logger.js';
import type { ItemResult } from './item-result.js';
import type { MigrateItemJob } from './migrate-item-job.js';
import { failItem } from './migrate-item.js';
import type { MigrationPlan } from './plan-schema.js';
import { itemHash } from './run-id.js';
import { sealJob } from './seal-job.js';
import type { RunLedger } from './run-ledger.js';
import type { MigrationEvent, MigrationOutcome, MigrationProgress } from './run-migration.js';

/** The queue as a migration uses it; `BullmqProducer` and its `migrate-item` queue fit. */
export interface MigrationQueue {
  /** Adds one `migrate-item` job (deduplicated per run and item); resolves to its job id. */
  enqueue(job: MigrateItemJob): Promise<string | undefined>;
  /** Jobs that failed for good (attempts spent, or a permanent failure): job id → reason. */
  failedJobs(): Promise<Map<string, string>>;
}

export interface QueueMigrationDeps {
  readonly queue: MigrationQueue;
  readonly ledger: RunLedger;
  readonly logger: Logger;
  readonly now?: () => Date;
}

export interface QueueMigrationOptions {
  /** How often the ledger is read. Default 500 ms. */
  readonly pollMs?: number;
  /** Stops waiting (the jobs go on in the workers; the run can be watched again with --resume). */
  readonly signal?: AbortSignal | undefined;
  readonly onEvent?: (event: MigrationEvent) => void;
}

/**
 * The BullMQ driver of a migration: one `migrate-item` job per item not yet done, for any number of
 * `docsync worker` processes to run (each with the same processor as the inline driver, retried by
 * BullMQ), then watches the run ledger (which must be in Redis, shared with the workers) until every
 * item is done or failed.
 */
export async function runMigrationOnQueue(deps: QueueMigrationDeps, plan: MigrationPlan, options: QueueMigrationOptions = {}): Promise<MigrationOutcome> {
  const now = deps.now ?? (() => new Date());
  const { ledger, queue, logger } = deps;
  const startedAt = now();
  const startMs = Date.now();
  await ledger.startRun(plan.file, plan.items.length, startedAt);
  const results = new Map<string, ItemResult>();
  const skipped = new Set<string>();
  const records = await ledger.items();
  const jobs = new Map<string, string>();
  for (const item of plan.items) {
    const record = records.get(item.id);
    if (record?.status === 'done' && record.result && record.itemHash === itemHash(item)) {
      results.set(item.id, record.result);
      skipped.add(item.id);
    }
  }
  let done = 0;
  let failed = 0;
  const progress = (): MigrationProgress => {
    const elapsedMs = Date.now() - startMs;
    const settled = done + failed;
    const itemsPerSecond = elapsedMs > 0 ? (settled * 1000) / elapsedMs : 0;
    const left = plan.items.length - results.size;
    return {
      total: plan.items.length,
      done,
      failed,
      skipped: skipped.size,
      inFlight: left,
      concurrency: 0,
      elapsedMs,
      itemsPerSecond,
      etaSeconds: settled > 0 && itemsPerSecond > 0 ? left / itemsPerSecond : undefined,
      apiCalls: 0,
      apiPerSecond: 0,
    };
  };
  options.onEvent?.({ type: 'start', runId: ledger.runId, total: plan.items.length, skipped: skipped.size, progress: progress() });
  for (const item of plan.items) {
    const result = results.get(item.id);
    if (result) options.onEvent?.({ type: 'item', result, skipped: true, progress: progress() });
  }

  for (const item of plan.items) {
    if (results.has(item.id)) continue;
    const jobId = await queue.enqueue(sealJob(ledger.runId, item, plan.file));
    if (jobId !== undefined) jobs.set(item.id, jobId);
  }
  logger.info({ runId: ledger.runId, enqueued: jobs.size }, 'migrate: items enqueued; waiting for workers');

  const settle = (result: ItemResult): void => {
    results.set(result.id, result);
    if (result.status === 'done') done += 1;
    else failed += 1;
    options.onEvent?.({ type: 'item', result, skipped: false, progress: progress() });
  };
  const pollMs = options.pollMs ?? 500;
  while (results.size < plan.items.length && options.signal?.aborted !== true) {
    const current = await ledger.items();
    const failedJobs = await queue.failedJobs();
    for (const item of plan.items) {
      if (results.has(item.id)) continue;
      const record = current.get(item.id);
      if (record?.result && record.status !== 'running' && record.itemHash === itemHash(item)) {
        settle(record.result);
        continue;
      }
      const jobId = jobs.get(item.id);
      const reason = jobId === undefined ? undefined : failedJobs.get(jobId);
      if (reason !== undefined) settle(await failItem(ledger, item, new Error(reason), now()));
    }
    if (results.size < plan.items.length) {
      try {
        await sleep(pollMs, undefined, { signal: options.signal });
      } catch {
        break;
      }
    }
  }
  return {
    runId: ledger.runId,
    items: plan.items.map((item) => results.get(item.id) ?? { id: item.id, space: item.space, status: 'pending' as const }),
    skipped,
    interrupted: results.size < plan.items.length,
    startedAt,
    finishedAt: now(),
    api: undefined,
    peakConcurrency: 0,
  };
}
