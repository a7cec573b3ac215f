import { setTimeout as delay } from 'node:timers/promises';

/** Time as the client sees it; injected so tests never sleep for real. */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Resolves after `ms`; rejects with the signal's reason when `signal` aborts first. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/** The real clock: `Date.now` and an abortable timer. */
export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: async (ms, signal) => {
    signal?.throwIfAborted();
    if (ms <= 0) return;
    try {
      await delay(ms, undefined, signal ? { signal } : undefined);
    } catch (error) {
      if (signal?.aborted === true) throw signal.reason as Error;
      throw error;
    }
  },
};
