import { performance } from 'node:perf_hooks';

/** Milliseconds one space sync spent per phase: `results[].timings` of `sync --once --json`. */
export interface SyncTimings {
  /** Listing, reading and hashing the docs (files unchanged since the last read are not read), and finding the commit to record. */
  readonly readMs: number;
  /** Loading docsync's state; today's API: planning the page changes, building their batches, checking what landed; API calls not counted. */
  readonly planMs: number;
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

/**
 * Adds up the time of each phase of one sync. A phase timed inside another counts to itself only (a
 * plan's API reads are API time, not plan time), so the phases' sum stays within the total. Calls of
 * one phase that overlap (content batches sent side by side) count once, from the first start to
 * the last end; different phases are timed one after the other or nested, never side by side.
 */
export class SyncStopwatch {
  readonly #now: () => number;
  readonly #startedAt: number;
  readonly #spent: Record<Phase, number> = { readMs: 0, planMs: 0, bundleMs: 0, uploadMs: 0, apiMs: 0 };
  /** Time counted to any phase so far: what a phase subtracts of the phases nested in it. */
  #counted = 0;
  /** Per phase: calls running, and when the first of them started. */
  readonly #open = new Map<Phase, { running: number; startedAt: number; countedBefore: number }>();

  constructor(now: () => number = () => performance.now()) {
    this.#now = now;
    this.#startedAt = now();
  }

  /** Runs `work`, counting its time (failed or not) to `phase`, less the phases timed within it. */
  async time<T>(phase: Phase, work: () => Promise<T>): Promise<T> {
    let open = this.#open.get(phase);
    if (open === undefined) {
      open = { running: 0, startedAt: this.#now(), countedBefore: this.#counted };
      this.#open.set(phase, open);
    }
    open.running += 1;
    try {
      return await work();
    } finally {
      open.running -= 1;
      if (open.running === 0) {
        this.#open.delete(phase);
        const own = this.#now() - open.startedAt - (this.#counted - open.countedBefore);
        this.#spent[phase] += own;
        this.#counted += own;
      }
    }
  }

  /** The phases so far, in whole milliseconds, and the time since the stopwatch was made. */
  timings(): SyncTimings {
    const ms = (value: number): number => Math.round(value);
    const { readMs, planMs, bundleMs, uploadMs, apiMs } = this.#spent;
    return {
      readMs: ms(readMs),
      planMs: ms(planMs),
      bundleMs: ms(bundleMs),
      uploadMs: ms(uploadMs),
      apiMs: ms(apiMs),
      totalMs: ms(this.#now() - this.#startedAt),
    };
  }
}

/** Two stretches of one sync timed one after the other (a check made before it, then the sync), added up. */
export function addTimings(a: SyncTimings, b: SyncTimings): SyncTimings {
  return {
    readMs: a.readMs + b.readMs,
    planMs: a.planMs + b.planMs,
    bundleMs: a.bundleMs + b.bundleMs,
    uploadMs: a.uploadMs + b.uploadMs,
    apiMs: a.apiMs + b.apiMs,
    totalMs: a.totalMs + b.totalMs,
  };
}
