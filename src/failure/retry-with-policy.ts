import { RetryPolicy } from '../api/retry-policy.js';
import { retryLoop, type RetryLoopOptions } from '../http/retry-loop.js';
import { classifyError } from './classify-error.js';

export interface RetryWithPolicyOptions extends Omit<RetryLoopOptions, 'classify' | 'backoffMs'> {
  /** Backoff formula and what an API error's retryability is. Default: `new RetryPolicy()`. */
  readonly policy?: RetryPolicy | undefined;
}

/**
 * Runs `work` on the one retry loop, deciding with the one classifier of failed work and the
 * policy's backoff: what a job, an inline run and a migration item retry alike.
 */
export function retryWithPolicy<T>(work: (attempt: number) => Promise<T>, options: RetryWithPolicyOptions): Promise<T> {
  const policy = options.policy ?? new RetryPolicy();
  return retryLoop(work, { ...options, classify: (error) => classifyError(error, policy), backoffMs: (attempt) => policy.backoffMs(attempt) });
}
