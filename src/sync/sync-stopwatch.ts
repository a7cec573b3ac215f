import { performance } from 'node:perf_hooks';

/** Milliseconds one space sync spent per phase: `results[].timings` of `sync --once --json`. */
export interface SyncTimings {
  /** Listing, reading and hashing the docs (files unchanged since the last read are not read). */
  readonly readMs: number;
  /** Writing the bundle; 0 when nothing is imported. */
  readonly bundleMs: number;
  /** Handing the bundle to the artifact store (an S3 upload; a move into the served folder). */
  readonly uploadMs: number;
  /** Waiting for the API: every call of the sync, with the comparisons made on their answers. */
  readonly apiMs: number;
  /** The whole sync; what the phases leave is state writes and planning. */
  readonly totalMs: number;
}

type Phase = Exclude<keyof SyncTimings, 'totalMs'>;

/** Adds up the time of each phase of one sync. Phases never overlap, so their sum stays within the total. */
export class SyncStopwatch {
  readonly #now: () => number;
  readonly #startedAt: number;
  readonly #spent: Record<Phase, number> = { readMs: 0, bundleMs: 0, uploadMs: 0, apiMs: 0 };

  constructor(now: () => number = () => performance.now()) {
    this.#now = now;
    this.#startedAt = now();
  }

  /** Runs `work`, counting its time (failed or not) to `phase`. */
  async time<T>(phase: Phase, work: () => Promise<T>): Promise<T> {
    const startedAt = this.#now();
    try {
      return await work();
    } finally {
      this.#spent[phase] += this.#now() - startedAt;
    }
  }

  /** The phases so far, in whole milliseconds, and the time since the stopwatch was made. */
  timings(): SyncTimings {
    const ms = (value: number): number => Math.round(value);
    const { readMs, bundleMs, uploadMs, apiMs } = this.#spent;
    return { readMs: ms(readMs), bundleMs: ms(bundleMs), uploadMs: ms(uploadMs), apiMs: ms(apiMs), totalMs: ms(this.#now() - this.#startedAt) };
  }
}
