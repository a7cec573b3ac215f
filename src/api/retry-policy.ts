import type { ApiError } from './errors/api-error.js';
import { NetworkError } from './errors/network-error.js';
import { RateLimitError } from './errors/rate-limit-error.js';
import { ServerError } from './errors/server-error.js';
import { TimeoutError } from './errors/timeout-error.js';
import { type Backoff, backoffMs, DEFAULT_BACKOFF } from '../http/retry-loop.js';

/** Options of {@link RetryPolicy}. All delays in milliseconds. */
export interface RetryPolicyOptions {
  /** Total tries of one call, the first included. `1` disables retries. Default `5`. */
  readonly maxAttempts?: number;
  /** Backoff scale: the cap of the n-th retry's delay is `baseDelayMs * 2^(n-1)`. Default `500`. */
  readonly baseDelayMs?: number;
  /** Upper bound of one backoff delay. Default `30_000`. */
  readonly maxDelayMs?: number;
  /**
   * Longest server-requested wait (429 `Retry-After` / `X-RateLimit-Reset`, 503 `Retry-After`) the
   * client sits out itself; beyond it the error is thrown so a queue can reschedule. Default `60_000`.
   */
  readonly maxServerWaitMs?: number;
  /** Source of randomness in [0, 1) for full jitter. Default `Math.random`. */
  readonly random?: () => number;
}

/** What a failed attempt looked like. */
export interface RetryInput {
  readonly method: string;
  /** Overrides the method's default idempotency (GET, HEAD, OPTIONS, PUT, PATCH, DELETE: yes; POST: no). */
  readonly idempotent?: boolean | undefined;
  readonly error: ApiError;
  /** 1-based number of the attempt that just failed. */
  readonly attempt: number;
}

export type RetryDecision = { readonly retry: false; readonly reason: string } | { readonly retry: true; readonly delayMs: number; readonly reason: string };

const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'DELETE']);

/** Whether a call may be sent twice without harm. */
export function isIdempotent(method: string, override?: boolean): boolean {
  return override ?? IDEMPOTENT_METHODS.has(method.toUpperCase());
}

/**
 * The one place that decides whether a failed call is sent again, and after how long.
 *
 * - 429 on any method: wait what the server said (`Retry-After`, else `X-RateLimit-Reset`), or back
 *   off when it said nothing, and retry. Nothing was processed, so even a POST is safe.
 * - Connection refused before sending (`ECONNREFUSED`, DNS `EAI_AGAIN`, connect timeout): retry
 *   any method with backoff. `ENOTFOUND` is not retried: a wrong host name does not heal.
 * - 5xx (except 501), a reset after sending, a timeout: retry with backoff only idempotent calls.
 *   A POST is never resent once it may have reached the server, so nothing is created twice.
 * - Anything else (4xx, bad response shape, abort): never.
 *
 * Backoff is exponential with full jitter: `random() * min(maxDelayMs, baseDelayMs * 2^(attempt-1))`.
 */
export class RetryPolicy {
  readonly maxAttempts: number;
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
  readonly maxServerWaitMs: number;
  readonly #backoff: Backoff;

  constructor(options: RetryPolicyOptions = {}) {
    this.maxAttempts = Math.max(1, Math.floor(options.maxAttempts ?? 5));
    this.baseDelayMs = Math.max(0, options.baseDelayMs ?? DEFAULT_BACKOFF.baseDelayMs);
    this.maxDelayMs = Math.max(this.baseDelayMs, options.maxDelayMs ?? DEFAULT_BACKOFF.maxDelayMs);
    this.maxServerWaitMs = Math.max(0, options.maxServerWaitMs ?? 60_000);
    this.#backoff = { baseDelayMs: this.baseDelayMs, maxDelayMs: this.maxDelayMs, random: options.random ?? DEFAULT_BACKOFF.random };
  }

  /** Full-jitter exponential delay before the retry that follows failed attempt `attempt`. */
  backoffMs(attempt: number): number {
    return backoffMs(this.#backoff, attempt);
  }

  decide(input: RetryInput): RetryDecision {
    const { error, attempt } = input;
    if (attempt >= this.maxAttempts) return { retry: false, reason: `gave up after ${attempt} attempts` };
    return this.#decideKind(error, isIdempotent(input.method, input.idempotent), attempt);
  }

  /**
   * Whether work that failed with `error` is worth doing again, attempts aside: what a job queue or
   * a migration asks of a whole idempotent step. Same rules as {@link decide}.
   */
  isRetryable(error: ApiError): boolean {
    return this.#decideKind(error, true, 1).retry;
  }

  #decideKind(error: ApiError, idempotent: boolean, attempt: number): RetryDecision {
    if (error instanceof RateLimitError) return this.#serverWait(error.retryAfterMs, attempt, 'rate limited (429)');
    if (error instanceof NetworkError) {
      if (error.errno === 'ENOTFOUND') return { retry: false, reason: 'host not found' };
      if (!error.requestSent) return { retry: true, delayMs: this.backoffMs(attempt), reason: `not sent (${error.errno ?? 'connect'})` };
      return idempotent
        ? { retry: true, delayMs: this.backoffMs(attempt), reason: `connection lost (${error.errno ?? 'network'})` }
        : { retry: false, reason: 'connection lost after a non-idempotent request was sent' };
    }
    if (error instanceof TimeoutError) {
      return idempotent
        ? { retry: true, delayMs: this.backoffMs(attempt), reason: 'timeout' }
        : { retry: false, reason: 'timeout of a non-idempotent request' };
    }
    if (error instanceof ServerError) {
      if (error.status === 501) return { retry: false, reason: 'not implemented (501)' };
      if (!idempotent) return { retry: false, reason: `server error (${error.status ?? 500}) on a non-idempotent request` };
      if (error.retryAfterMs !== undefined) return this.#serverWait(error.retryAfterMs, attempt, `server error (${error.status ?? 500})`);
      return { retry: true, delayMs: this.backoffMs(attempt), reason: `server error (${error.status ?? 500})` };
    }
    return { retry: false, reason: `not retryable (${error.code})` };
  }

  #serverWait(waitMs: number | undefined, attempt: number, reason: string): RetryDecision {
    if (waitMs === undefined) return { retry: true, delayMs: this.backoffMs(attempt), reason };
    if (waitMs > this.maxServerWaitMs) {
      return { retry: false, reason: `${reason}: server asks to wait ${waitMs}ms, more than maxServerWaitMs` };
    }
    return { retry: true, delayMs: waitMs, reason };
  }
}
