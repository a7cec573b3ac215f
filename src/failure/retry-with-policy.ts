import { setTimeout as delay } from 'node:timers/promises';
import { RetryPolicy } from './retry-policy.js';
import { classifyError, type ErrorClass } from './classify-error.js';

export interface RetryWithPolicyOptions {
  /** Tries for failures worth retrying, the first included; waits for the rate limit do not count. */
  readonly attempts: number;
  /** Backoff formula and what an API error's retryability is. Default: `new RetryPolicy()`. */
  readonly policy?: RetryPolicy | undefined;
  /** Most waits for the rate limit before giving up. Default 100. */
  readonly maxRateWaits?: number | undefined;
  readonly signal?: AbortSignal | undefined;
  /** Replaces the real timer (tests). */
  readonly sleep?: ((ms: number) => Promise<void>) | undefined;
  /** Called before each wait, with the attempt that failed. */
  readonly onRetry?: ((retry: { attempt: number; waitMs: number; error: unknown; verdict: ErrorClass }) => void) | undefined;
}

/**
 * Runs `work` until it succeeds, deciding with the one classifier and the one backoff formula: a 429
 * waits what the API asked without spending an attempt, a transient failure backs off with
 * {@link RetryPolicy.backoffMs}, a permanent one is thrown at once. `work` gets the 1-based attempt
 * number. An abort of `signal` ends the wait and rejects with the abort reason; an attempt already
 * running is awaited, and its result kept.
 *
 * A plain loop rather than p-retry: the waits come from the classifier (the server's own for a 429)
 * and the result of an attempt that lands after an abort is kept, so p-retry's delays, budget and
 * signal would all be switched off.
 */
export async function retryWithPolicy<T>(work: (attempt: number) => Promise<T>, options: RetryWithPolicyOptions): Promise<T> {
  const policy = options.policy ?? new RetryPolicy();
  const maxRateWaits = options.maxRateWaits ?? 100;
  const sleep = options.sleep ?? ((ms: number) => delay(ms, undefined, { signal: options.signal }));
  let attempt = 1;
  let rateWaits = 0;
  for (;;) {
    options.signal?.throwIfAborted();
    try {
      return await work(attempt);
    } catch (error) {
      const verdict = classifyError(error, policy);
      if (verdict.kind === 'permanent' || options.signal?.aborted === true) throw error;
      const rateLimited = verdict.kind === 'rate-limited';
      if (rateLimited ? ++rateWaits > maxRateWaits : attempt >= options.attempts) throw error;
      const waitMs = rateLimited ? verdict.waitMs : policy.backoffMs(attempt);
      options.onRetry?.({ attempt, waitMs, error, verdict });
      if (!rateLimited) attempt += 1;
      await sleep(waitMs);
    }
  }
}
