import { setTimeout as delay } from 'node:timers/promises';

/** Whether failed work is worth doing again: after the wait a 429 asked for, after a backoff, or not at all. */
export type ErrorClass = { kind: 'rate-limited'; waitMs: number } | { kind: 'transient' } | { kind: 'permanent'; reason: string };

/** The backoff every retry of docsync waits, in milliseconds. */
export interface Backoff {
  /** The cap of the n-th retry's delay is `baseDelayMs * 2^(n-1)`. */
  readonly baseDelayMs: number;
  /** Upper bound of one delay. */
  readonly maxDelayMs: number;
  /** Source of randomness in [0, 1). */
  readonly random: () => number;
}

export const DEFAULT_BACKOFF: Backoff = { baseDelayMs: 500, maxDelayMs: 30_000, random: Math.random };

/** Full-jitter exponential delay before the retry that follows failed attempt `attempt`: `random() * min(max, base * 2^(attempt-1))`. */
export function backoffMs(backoff: Backoff, attempt: number): number {
  const cap = Math.min(backoff.maxDelayMs, backoff.baseDelayMs * 2 ** Math.max(0, attempt - 1));
  return Math.floor(backoff.random() * cap);
}

export interface RetryLoopOptions {
  /** Tries for failures worth retrying, the first included; waits for the rate limit do not count. */
  readonly attempts: number;
  /** What a failure is worth: the caller's classifier. */
  readonly classify: (error: unknown) => ErrorClass;
  /** The wait before the retry that follows failed attempt `attempt`. */
  readonly backoffMs: (attempt: number) => number;
  /** Most waits for the rate limit before giving up. Default 100. */
  readonly maxRateWaits?: number | undefined;
  readonly signal?: AbortSignal | undefined;
  /** Replaces the real timer (tests). */
  readonly sleep?: ((ms: number) => Promise<void>) | undefined;
  /** Called before each wait, with the attempt that failed. */
  readonly onRetry?: ((retry: { attempt: number; waitMs: number; error: unknown; verdict: ErrorClass }) => void) | undefined;
}

/**
 * Runs `work` until it succeeds: a 429 waits what the server asked without spending an attempt, a
 * transient failure backs off, a permanent one is thrown at once. `work` gets the 1-based attempt
 * number. An abort of `signal` ends the wait and rejects with the abort reason; an attempt already
 * running is awaited, and its result kept.
 *
 * A plain loop rather than p-retry: the waits come from the classifier (the server's own for a 429)
 * and the result of an attempt that lands after an abort is kept, so p-retry's delays, budget and
 * signal would all be switched off.
 */
export async function retryLoop<T>(work: (attempt: number) => Promise<T>, options: RetryLoopOptions): Promise<T> {
  const maxRateWaits = options.maxRateWaits ?? 100;
  const sleep = options.sleep ?? ((ms: number) => delay(ms, undefined, { signal: options.signal }));
  let attempt = 1;
  let rateWaits = 0;
  for (;;) {
    options.signal?.throwIfAborted();
    try {
      return await work(attempt);
    } catch (error) {
      const verdict = options.classify(error);
      if (verdict.kind === 'permanent' || options.signal?.aborted === true) throw error;
      const rateLimited = verdict.kind === 'rate-limited';
      if (rateLimited ? ++rateWaits > maxRateWaits : attempt >= options.attempts) throw error;
      const waitMs = rateLimited ? verdict.waitMs : options.backoffMs(attempt);
      options.onRetry?.({ attempt, waitMs, error, verdict });
      if (!rateLimited) attempt += 1;
      await sleep(waitMs);
    }
  }
}
