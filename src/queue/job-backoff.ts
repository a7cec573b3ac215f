import type { BackoffStrategy } from 'bullmq';
import { RetryPolicy } from '../api/retry-policy.js';

/** The backoff type jobs name; workers resolve it with {@link jobBackoff}. */
export const JOB_BACKOFF_TYPE = 'docsync-policy';

/** A job retry waits longer than an HTTP retry: the whole step (read, bundle, calls) runs again. */
export const JOB_RETRY_POLICY = new RetryPolicy({ baseDelayMs: 1_000, maxDelayMs: 60_000 });

/**
 * BullMQ's wait before a failed job's next attempt, from the one backoff formula of
 * {@link RetryPolicy.backoffMs} (exponential, full jitter), so jobs, HTTP calls and migrations agree.
 */
export function jobBackoff(policy: RetryPolicy = JOB_RETRY_POLICY): BackoffStrategy {
  return (attemptsMade) => policy.backoffMs(attemptsMade);
}
