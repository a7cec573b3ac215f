import type { Logger } from '../logging/logger.js';
import { RetryPolicy } from '../api/retry-policy.js';
import { classifyError } from '../failure/classify-error.js';
import { retryWithPolicy } from '../failure/retry-with-policy.js';
import { AdaptiveConcurrency } from './adaptive-concurrency.js';
import type { ItemAttempt } from './item-attempt.js';
import type { ApiMeter } from './api-meter.js';
import { ItemResultSchema, type ItemResult } from './item-result.js';
import { failItem } from './migrate-item.js';
import type { MigrationItem, MigrationPlan } from './plan-schema.js';
import { itemHash } from './run-id.js';
import type { RunLedger } from './run-ledger.js';

/** Counts and rates while a run goes on. */
export interface MigrationProgress {
  readonly total: number;
  /** Done in this invocation. */
  readonly done: number;
  readonly failed: number;
  /** Done by an earlier invocation of the same run, so not run again. */
  readonly skipped: number;
  readonly inFlight: number;
  readonly concurrency: number;
  readonly elapsedMs: number;
  /** Items settled per second in this invocation. */
  readonly itemsPerSecond: number;
  /** Seconds until every item is settled at the current rate; undefined before the first settles. */
  readonly etaSeconds: number | undefined;
  /** HTTP requests to the API so far, and per second over the last second. */
  readonly apiCalls: number;
  readonly apiPerSecond: number;
}

/** What a run reports as it goes; the CLI renders it as a progress bar or JSON lines. */
export type MigrationEvent =
  | { readonly type: 'start'; readonly runId: string; readonly total: number; readonly skipped: number; readonly progress: MigrationProgress }
  | { readonly type: 'item'; readonly result: ItemResult; readonly skipped: boolean; readonly progress: MigrationProgress };

/** HTTP requests of one invocation, retries and 429s included. */
export interface MigrationApiCounts {
  readonly calls: number;
  /** 429 responses. */
  readonly rateLimited: number;
  /** 429s waited out and tried again: the designed behaviour at the rate limit, not a failure. */
  readonly rateLimitWaits: number;
  /** Other failed attempts tried again (5xx, dropped connections, timeouts). */
  readonly retries: number;
  readonly byStatus: Readonly<Record<string, number>>;
}

/** How a run ended. */
export interface MigrationOutcome {
  readonly runId: string;
  /** Every item's result, in plan order; `pending` for items not reached (an interrupted run). */
  readonly items: readonly (ItemResult | PendingItem)[];
  /** Ids of items done by an earlier invocation of this run. */
  readonly skipped: ReadonlySet<string>;
  readonly interrupted: boolean;
  readonly startedAt: Date;
  readonly finishedAt: Date;
  /** HTTP requests of this invocation, when a meter counted them. */
  readonly api: MigrationApiCounts | undefined;
  /** Item attempts that failed and were tried again (the item's later outcome is in `items`); absent when not counted (queue mode). */
  readonly itemRetries?: number;
  /** The most items that were in flight at once. */
  readonly peakConcurrency: number;
}

export interface PendingItem {
  readonly id: string;
  readonly space: string;
  readonly status: 'pending';
}

export interface RunMigrationDeps {
  /** The `migrate-item` processor (the same the BullMQ workers run). */
  readonly processor: ItemAttempt;
  readonly ledger: RunLedger;
  readonly logger: Logger;
  readonly meter?: ApiMeter | undefined;
  /** The API's `X-RateLimit-Limit` as last seen; lets the concurrency stop growing at the limit. */
  readonly rateLimit?: () => number | undefined;
  readonly now?: () => Date;
}

export interface RunMigrationOptions {
  /** Most items in flight. Default 16. */
  readonly concurrency?: number;
  /** Attempts per item for failures worth retrying (5xx, network, a source's passing fault). Default 10. */
  readonly attempts?: number;
  /** Backoff scale in ms ({@link RetryPolicy.backoffMs}), capped at 5 s. Default 250. */
  readonly backoffMs?: number;
  /** Stops starting items and aborts the ones in flight; they resume with the run. */
  readonly signal?: AbortSignal | undefined;
  readonly onEvent?: (event: MigrationEvent) => void;
}

/**
 * The inline driver of a migration: runs the plan's items in this process, as many at once as an
 * {@link AdaptiveConcurrency} allows, each through the `migrate-item` processor with retries (429s
 * waited out without spending an attempt). Items the ledger has as done are skipped; a failing item
 * fails alone. Resolves when every item settled, or when `signal` aborted (`interrupted`).
 */
export async function runMigration(deps: RunMigrationDeps, plan: MigrationPlan, options: RunMigrationOptions = {}): Promise<MigrationOutcome> {
  const now = deps.now ?? (() => new Date());
  const startedAt = now();
  const { ledger, logger, meter } = deps;
  const signal = options.signal;
  const aborted = (): boolean => signal?.aborted === true;
  const attempts = Math.max(1, options.attempts ?? 10);
  const policy = new RetryPolicy({ baseDelayMs: options.backoffMs ?? 250, maxDelayMs: 5_000 });
  await ledger.startRun(plan.file, plan.items.length, startedAt);

  const results = new Map<string, ItemResult>();
  const skipped = new Set<string>();
  const records = await ledger.items();
  for (const item of plan.items) {
    const record = records.get(item.id);
    if (record?.status === 'done' && record.result && record.itemHash === itemHash(item)) {
      results.set(item.id, record.result);
      skipped.add(item.id);
    }
  }
  const queue = plan.items.filter((item) => !skipped.has(item.id));
  const controller = new AdaptiveConcurrency({ max: options.concurrency ?? 16 });
  let peak = 0;
  let done = 0;
  let failed = 0;
  let seen429 = meter?.rateLimited ?? 0;
  const inFlight = new Set<Promise<void>>();
  /** Items started and not yet settled (an item is still in `inFlight` while its event is emitted). */
  let running = 0;
  const calls0 = meter?.total ?? 0;
  const limited0 = meter?.rateLimited ?? 0;
  const waits0 = meter?.rateLimitWaits ?? 0;
  const retries0 = meter?.retries ?? 0;
  let itemRetries = 0;
  const byStatus0 = new Map(meter?.byStatus ?? []);
  const startMs = Date.now();

  const progress = (): MigrationProgress => {
    const elapsedMs = Date.now() - startMs;
    const settled = done + failed;
    const itemsPerSecond = elapsedMs > 0 ? (settled * 1000) / elapsedMs : 0;
    const left = queue.length + running;
    return {
      total: plan.items.length,
      done,
      failed,
      skipped: skipped.size,
      inFlight: running,
      concurrency: controller.limit,
      elapsedMs,
      itemsPerSecond,
      etaSeconds: settled > 0 && itemsPerSecond > 0 ? left / itemsPerSecond : undefined,
      apiCalls: (meter?.total ?? 0) - calls0,
      apiPerSecond: meter?.recentRate() ?? 0,
    };
  };

  options.onEvent?.({ type: 'start', runId: ledger.runId, total: plan.items.length, skipped: skipped.size, progress: progress() });
  for (const item of plan.items) {
    const result = results.get(item.id);
    if (result) options.onEvent?.({ type: 'item', result, skipped: true, progress: progress() });
  }

  const runOne = async (item: MigrationItem): Promise<void> => {
    running += 1;
    peak = Math.max(peak, running);
    const result = await runWithRetries(item).finally(() => (running -= 1));
    if (result === undefined) return; // aborted: the item stays `running` in the ledger and resumes later
    results.set(item.id, result);
    if (result.status === 'done') done += 1;
    else failed += 1;
    const limit = deps.rateLimit?.();
    const rateLimited = (meter?.rateLimited ?? 0) - seen429;
    seen429 = meter?.rateLimited ?? 0;
    controller.update({ rateLimited, saturated: limit !== undefined && meter !== undefined && meter.recentRate() >= limit * 0.9 });
    options.onEvent?.({ type: 'item', result, skipped: false, progress: progress() });
  };

  const runWithRetries = async (item: MigrationItem): Promise<ItemResult | undefined> => {
    if (aborted()) return undefined;
    try {
      return await retryWithPolicy(
        async (attempt) => {
          const outcome = await deps.processor({ runId: ledger.runId, item }, { logger, signal: signal ?? new AbortController().signal, attempt });
          return ItemResultSchema.parse(outcome.summary);
        },
        {
          attempts,
          policy,
          signal,
          // Handled: counted for the summary; a person acts only if the item fails in the end.
          onRetry: ({ attempt, waitMs, error }) => {
            itemRetries += 1;
            logger.debug({ item: item.id, attempt, waitMs: Math.round(waitMs), err: (error as Error).message }, 'migrate: item attempt failed; retrying');
          },
        },
      );
    } catch (error) {
      if (aborted()) return undefined;
      if (classifyError(error, policy).kind === 'permanent') {
        const stored = await ledger.get(item.id);
        return stored?.status === 'failed' && stored.result ? stored.result : failItem(ledger, item, error, now());
      }
      logger.warn({ item: item.id, attempts, err: (error as Error).message }, 'migrate: item failed; giving up');
      return failItem(ledger, item, error, now());
    }
  };

  while (queue.length > 0 && !aborted()) {
    while (inFlight.size < controller.limit && queue.length > 0) {
      const item = queue.shift() as MigrationItem;
      const running: Promise<void> = runOne(item)
        .catch((error: unknown) => {
          // Only the ledger itself failing gets here; the item resumes with the run.
          logger.error({ item: item.id, err: (error as Error).message }, 'migrate: could not record the item');
        })
        .finally(() => inFlight.delete(running));
      inFlight.add(running);
    }
    await Promise.race(inFlight);
  }
  await Promise.all(inFlight);

  const finishedAt = now();
  const interrupted = aborted() && plan.items.some((item) => !results.has(item.id));
  return {
    runId: ledger.runId,
    items: plan.items.map((item) => results.get(item.id) ?? { id: item.id, space: item.space, status: 'pending' as const }),
    skipped,
    interrupted,
    startedAt,
    finishedAt,
    api: meter
      ? {
          calls: meter.total - calls0,
          rateLimited: meter.rateLimited - limited0,
          rateLimitWaits: meter.rateLimitWaits - waits0,
          retries: meter.retries - retries0,
          byStatus: Object.fromEntries(
            [...meter.byStatus].map(([status, n]): [string, number] => [status, n - (byStatus0.get(status) ?? 0)]).filter(([, n]) => n !== 0),
          ),
        }
      : undefined,
    itemRetries,
    peakConcurrency: peak,
  };
}
