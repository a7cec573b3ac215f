import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Lets timers and sockets run once a stretch of synchronous work has held the event loop for
 * `budgetMs`: a daemon's health checks, metrics, watcher and queue lock renewals share the loop
 * with a 10,000-page read. By time, not by count: a file's or a page's cost varies a hundredfold.
 */
export class TimeSlice {
  private since = performance.now();

  constructor(private readonly budgetMs = 10) {}

  /** Runs a stepwise computation to its end, with a turn of the event loop whenever the budget is spent. */
  async run<T>(steps: Generator<void, T, void>): Promise<T> {
    for (;;) {
      const next = steps.next();
      if (next.done === true) return next.value;
      if (this.due()) await this.pause();
    }
  }

  /** The budget is spent. */
  due(): boolean {
    return performance.now() - this.since >= this.budgetMs;
  }

  /** Yields to the event loop when the budget is spent; otherwise resolves at once. */
  async pause(): Promise<void> {
    if (!this.due()) return;
    await nextTurn();
    this.since = performance.now();
  }
}

/** Runs a stepwise computation to its end at once, for callers with no event loop to share. */
export function runAtOnce<T>(steps: Generator<void, T, void>): T {
  for (;;) {
    const next = steps.next();
    if (next.done === true) return next.value;
  }
}
