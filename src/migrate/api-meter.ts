import { AsyncLocalStorage } from 'node:async_hooks';

/** Requests counted for one item (the scope {@link ApiMeter.run} opens). */
export interface CallCounter {
  calls: number;
  rateLimited: number;
}

/** How many requests of the last {@link WINDOW_MS} to keep timestamps of, at most. */
const WINDOW_MS = 1_000;

/**
 * Counts the HTTP requests an `ApiClient` makes (its `onResponse` hook: one call per attempt, so
 * retries and 429s count) for the run as a whole and, through `AsyncLocalStorage`, for the item
 * whose work made them, without threading a counter through every call.
 */
export class ApiMeter {
  /** Requests that got a response or failed on the wire. */
  total = 0;
  /** 429 responses. */
  rateLimited = 0;
  /** 429s the client waited out and tried again. */
  rateLimitWaits = 0;
  /** Other failed attempts the client tried again (5xx, dropped connections, timeouts). */
  retries = 0;
  /** Requests by status (`'error'` when no response came). */
  readonly byStatus = new Map<string, number>();
  readonly #scope = new AsyncLocalStorage<CallCounter>();
  #recent: number[] = [];

  constructor(
    private readonly now: () => number = Date.now,
    /** Also told of every request: another hook of the same client (metrics). */
    private readonly next?: (method: string, status: number | 'error') => void,
  ) {}

  /** Pass as `ApiClient`'s `onResponse`. */
  readonly onResponse = (method: string, status: number | 'error'): void => {
    this.total += 1;
    const key = String(status);
    this.byStatus.set(key, (this.byStatus.get(key) ?? 0) + 1);
    const counter = this.#scope.getStore();
    if (counter) counter.calls += 1;
    if (status === 429) {
      this.rateLimited += 1;
      if (counter) counter.rateLimited += 1;
    } else {
      const now = this.now();
      this.#recent.push(now);
      if (this.#recent.length > 4096 || (this.#recent[0] ?? now) < now - 4 * WINDOW_MS) this.#prune(now);
    }
    this.next?.(method, status);
  };

  /** Pass as `ApiClient`'s `onRetry`. */
  readonly onRetry = (status: number | undefined): void => {
    if (status === 429) this.rateLimitWaits += 1;
    else this.retries += 1;
  };

  /** Runs `work` with `counter` receiving the requests it makes. */
  run<T>(counter: CallCounter, work: () => Promise<T>): Promise<T> {
    return this.#scope.run(counter, work);
  }

  /** Requests per second answered (429s left out) over the last second. */
  recentRate(): number {
    this.#prune(this.now());
    return this.#recent.length / (WINDOW_MS / 1000);
  }

  #prune(now: number): void {
    const from = now - WINDOW_MS;
    let cut = 0;
    while (cut < this.#recent.length && (this.#recent[cut] ?? now) < from) cut += 1;
    if (cut > 0) this.#recent = this.#recent.slice(cut);
  }
}
