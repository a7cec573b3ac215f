import type { Clock } from '../../../../src/api/clock.js';

export interface FakeClock extends Clock {
  /** Every sleep asked for, in order. */
  readonly sleeps: number[];
  /** Runs (and awaits) before a sleep returns; lets a test act "during" the wait. */
  onSleep?: (ms: number) => void | Promise<void>;
}

/** A clock that starts at `start` and only moves when something sleeps; sleeps return at once. */
export function fakeClock(start = Date.UTC(2030, 0, 1)): FakeClock {
  let now = start;
  const clock: FakeClock = {
    sleeps: [],
    now: () => now,
    sleep: async (ms, signal) => {
      signal?.throwIfAborted();
      clock.sleeps.push(ms);
      now += ms;
      await clock.onSleep?.(ms);
    },
  };
  return clock;
}
