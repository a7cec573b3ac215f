/**
 * A job stopped mid-way on purpose: the worker shut down past its grace period, or lost the job's
 * lock to another worker. Never permanent: BullMQ runs the job again, and every step of a job is
 * safe to repeat.
 */
export class JobAbortedError extends Error {
  override readonly name = 'JobAbortedError';
  readonly code = 'E_JOB_ABORTED';
  readonly permanent = false;
}
