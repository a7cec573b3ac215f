import type { Logger } from '../logging/logger.js';
import { classifyError } from './classify-error.js';
import { JOB_SCHEMAS, type JobInput, type JobKind } from './job-kinds.js';
import type { ProcessorRegistry } from './processor.js';

export interface InlineOptions {
  /** Attempts for transient failures. Default 4. */
  attempts?: number;
  /** First backoff delay in ms, doubled each attempt, with jitter. Default 500. */
  backoffMs?: number;
  sleep?: (ms: number) => Promise<void>;
  signal?: AbortSignal;
}

const defaultSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The inline driver: runs one job in this process with the same processors, retry classes and
 * polling steps as the BullMQ driver, for `sync --once`, CI and machines without Redis.
 */
export async function runInline<K extends JobKind>(
  registry: ProcessorRegistry,
  kind: K,
  input: JobInput<K>,
  logger: Logger,
  options: InlineOptions = {},
): Promise<Record<string, unknown>> {
  const processor = registry[kind];
  if (!processor) throw new Error(`No processor is registered for job kind "${kind}".`);
  const sleep = options.sleep ?? defaultSleep;
  const attempts = options.attempts ?? 4;
  const signal = options.signal ?? new AbortController().signal;
  let data = JOB_SCHEMAS[kind].parse(input) as Parameters<typeof processor>[0];
  let attempt = 1;
  for (;;) {
    try {
      const outcome = await processor(data, { logger, signal, attempt });
      if (outcome.status === 'done') return outcome.summary;
      data = outcome.data;
      await sleep(outcome.delayMs);
    } catch (error) {
      const verdict = classifyError(error);
      if (verdict.kind === 'permanent' || (verdict.kind === 'transient' && attempt >= attempts)) throw error;
      const wait = verdict.kind === 'rate-limited' ? verdict.waitMs : (options.backoffMs ?? 500) * 2 ** (attempt - 1) * (0.5 + Math.random() / 2);
      if (verdict.kind === 'transient') attempt += 1;
      logger.warn({ kind, attempt, waitMs: Math.round(wait), err: (error as Error).message }, 'job failed; retrying');
      await sleep(wait);
    }
  }
}
