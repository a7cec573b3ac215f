import { ApiError } from '../api/errors/api-error.js';
import { RateLimitError } from '../api/errors/rate-limit-error.js';
import { NetworkError } from '../api/errors/network-error.js';
import { ServerError } from '../api/errors/server-error.js';
import { TimeoutError } from '../api/errors/timeout-error.js';
import { ConfigError } from '../config/config-error.js';
import { PermanentJobError } from './errors/permanent-job-error.js';

export type ErrorClass = { kind: 'rate-limited'; waitMs: number } | { kind: 'transient' } | { kind: 'permanent'; reason: string };

/**
 * Whether a failed job is worth retrying. 429 waits without burning an attempt; 5xx, network and
 * timeouts retry with backoff; other 4xx, bad config and response-shape failures are permanent:
 * repeating them would fail the same way.
 */
export function classifyError(error: unknown): ErrorClass {
  if (error instanceof RateLimitError) return { kind: 'rate-limited', waitMs: Math.max(error.retryAfterMs ?? 1_000, 100) };
  if (error instanceof ServerError || error instanceof NetworkError || error instanceof TimeoutError) return { kind: 'transient' };
  if (error instanceof ApiError || error instanceof ConfigError || error instanceof PermanentJobError) {
    return { kind: 'permanent', reason: error.message };
  }
  // Unknown failures (a file being written, a git lock) are usually gone on the next attempt.
  return { kind: 'transient' };
}
