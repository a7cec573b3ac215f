import type { Logger } from '../logging/logger.js';
import { RetryPolicy } from '../api/retry-policy.js';
import { retryWithPolicy } from '../failure/retry-with-policy.js';
import { parseJobData, type JobCatalog, type JobInput, type JobKind, type JobSchemas } from './job-catalog.js';
import type { ProcessorRegistry } from './processor.js';

export interface InlineOptions {
  /** Attempts for transient failures. Default 4. */
  attempts?: number;
  /** First backoff delay in ms, doubled each attempt, with jitter. Default 500. */
  backoffMs?: number;
  sleep?: (ms: number) => Promise<void>;
  signal?: AbortSignal;
}

/**
 * The inline driver: runs one job in this process with the same processors, retry classes and
 * polling steps as the BullMQ driver, for `sync --once`, CI and machines without Redis.
 */
export async function runInline<S extends JobSchemas, K extends JobKind<S>>(
  jobs: JobCatalog<S>,
  registry: ProcessorRegistry<S>,
  kind: K,
  input: JobInput<S, K>,
  logger: Logger,
  options: InlineOptions = {},
): Promise<Record<string, unknown>> {
  const processor = registry[kind];
  if (!processor) throw new Error(`No processor is registered for job kind "${kind}".`);
  const attempts = options.attempts ?? 4;
  const signal = options.signal ?? new AbortController().signal;
  const policy = new RetryPolicy({ baseDelayMs: options.backoffMs ?? 500 });
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  let data = parseJobData(jobs, kind, input);
  for (;;) {
    const step = data;
    const outcome = await retryWithPolicy((attempt) => processor(step, { logger, signal, attempt }), {
      attempts,
      policy,
      signal,
      sleep,
      onRetry: ({ attempt, waitMs, error }) =>
        logger.warn({ kind, attempt, waitMs: Math.round(waitMs), err: (error as Error).message }, 'job failed; retrying'),
    });
    if (outcome.status === 'done') return outcome.summary;
    data = outcome.data;
    await sleep(outcome.delayMs);
  }
}
