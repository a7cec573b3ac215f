/**
 * Guards the writes of a sync that a queue job runs: a worker paused past its job's lock (a VM pause,
 * a long GC) must not write once another worker has taken the job over.
 */
export interface WriteFence {
  /** Throws `SupersededError` when this run may no longer write. Called right before each write. */
  check(): Promise<void>;
}
