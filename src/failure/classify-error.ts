import { ApiError } from '../api/errors/api-error.js';
import { RateLimitError } from '../api/errors/rate-limit-error.js';
import { RetryPolicy } from '../api/retry-policy.js';
import { ConfigError } from '../config/config-error.js';
import { ContentError } from '../content/errors/content-error.js';
import { SnapshotStaleError } from '../content/errors/snapshot-stale-error.js';
import type { ErrorClass } from '../http/retry-loop.js';
import { PermanentJobError } from './permanent-job-error.js';

/** An error that says itself whether repeating the work could succeed (migration sources, targets, verification). */
interface SelfClassified {
  readonly permanent: boolean;
}

const isSelfClassified = (error: unknown): error is Error & SelfClassified =>
  error instanceof Error && typeof (error as Partial<SelfClassified>).permanent === 'boolean';

const defaultPolicy = new RetryPolicy();

/**
 * The one classifier of failed work (a job, an inline run, a migration item): a 429 waits without
 * spending an attempt; an API error is retried exactly when the client's {@link RetryPolicy} would
 * retry the call (the work as a whole is idempotent), so both agree on 501, ENOTFOUND and the rest;
 * bad config, a docs folder that is not there and errors marked permanent stop at once. Unknown
 * failures (a file being written, a git lock) are usually gone on the next attempt.
 */
export function classifyError(error: unknown, policy: RetryPolicy = defaultPolicy): ErrorClass {
  if (error instanceof RateLimitError && error.implausibleWait !== undefined) return { kind: 'permanent', reason: error.message };
  if (error instanceof RateLimitError) return { kind: 'rate-limited', waitMs: Math.max(error.retryAfterMs ?? 1_000, 100) };
  if (error instanceof ApiError) return policy.isRetryable(error) ? { kind: 'transient' } : { kind: 'permanent', reason: error.message };
  if (error instanceof ConfigError || error instanceof PermanentJobError) return { kind: 'permanent', reason: error.message };
  if (error instanceof ContentError && !(error instanceof SnapshotStaleError)) return { kind: 'permanent', reason: error.message };
  if (isSelfClassified(error)) return error.permanent ? { kind: 'permanent', reason: error.message } : { kind: 'transient' };
  return { kind: 'transient' };
}
