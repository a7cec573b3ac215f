const LOST_LOCK = /^lost the lock of job \S+ to another worker$/;

/**
 * The abort reason of a job whose worker lost its lock to another one (it was paused past it): the
 * job is someone else's now, and a write this worker sent before the pause may still land after
 * theirs, so processors that write schedule a check of the live content.
 */
export function lostLockReason(jobId: string): string {
  return `lost the lock of job ${jobId} to another worker`;
}

/** Whether a job's abort signal says its worker lost the lock (not a shutdown). */
export function lostLock(signal: AbortSignal): boolean {
  return signal.aborted && typeof signal.reason === 'string' && LOST_LOCK.test(signal.reason);
}
