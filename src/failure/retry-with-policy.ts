import { setTimeout as delay } from 'node:timers/promises';
import pRetry from 'p-retry';
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
 * Runs `work` until it succeeds, on p-retry, deciding with the one classifier and the one backoff
 * formula: a 429 waits what the API asked without spending an attempt, a transient failure backs
 * off with {@link RetryPolicy.backoffMs}, a permanent one is thrown at once. `work` gets the 1-based
 * attempt number. An abort of `signal` ends the wait and rejects with the abort reason; an attempt
 * already running is awaited, and its result kept (p-retry's own `signal` would discard it after
 * the work had landed, so it is not passed on).
 */
export function retryWithPolicy<T>(work: (attempt: number) => Promise<T>, options: RetryWithPolicyOptions): Promise<T> {
  const policy = options.policy ?? new RetryPolicy();
  const maxRateWaits = options.maxRateWaits ?? 100;
  const sleep = options.sleep ?? ((ms: number) => delay(ms, undefined, { signal: options.signal }));
  let attempt = 1;
  let rateWaits = 0;
  let stop = false;
  return pRetry(
    () => {
      options.signal?.throwIfAborted();
      return work(attempt);
    },
    {
      // The decisions below bound the loop; p-retry's own budget and delays are switched off.
      retries: Number.MAX_SAFE_INTEGER,
      minTimeout: 0,
      maxTimeout: 0,
      onFailedAttempt: async ({ error }) => {
        const verdict = classifyError(error, policy);
        let waitMs: number;
        if (verdict.kind === 'permanent' || options.signal?.aborted === true) {
          stop = true;
          return;
        } else if (verdict.kind === 'rate-limited') {
          rateWaits += 1;
          stop = rateWaits > maxRateWaits;
          waitMs = verdict.waitMs;
        } else {
          stop = attempt >= options.attempts;
          waitMs = policy.backoffMs(attempt);
        }
        if (stop) return;
        options.onRetry?.({ attempt, waitMs, error, verdict });
        if (verdict.kind === 'transient') attempt += 1;
        await sleep(waitMs);
        options.signal?.throwIfAborted();
      },
      shouldRetry: () => !stop,
    },
  );
}
