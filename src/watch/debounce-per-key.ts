/** The clock a debouncer runs on; swap it in tests. */
export interface DebounceTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  now(): number;
}

/** Looks the globals up at call time, so `vi.useFakeTimers()` applies even after construction. */
export const systemTimers: DebounceTimers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  now: () => Date.now(),
};

/** What a key accumulated between its first event and the moment it fired. */
export interface DebouncedBatch {
  /** Distinct reasons, in arrival order, at most {@link MAX_REASONS}. */
  readonly reasons: readonly string[];
  /** How many events were coalesced (reasons repeated or beyond the cap included). */
  readonly events: number;
}

export interface DebouncePerKeyOptions {
  /** Quiet time after a key's last event before it fires. Default 300 ms. */
  debounceMs?: number;
  /** Longest a steady stream of events can hold a key back. Default 5000 ms; at least `debounceMs`. */
  maxWaitMs?: number;
  /** Default {@link systemTimers}. */
  timers?: DebounceTimers;
}

/** Reasons kept per batch: enough for a log line, bounded for a `git checkout` of 10,000 files. */
export const MAX_REASONS = 10;

interface Pending {
  readonly firstAt: number;
  handle: unknown;
  readonly reasons: string[];
  events: number;
}

/**
 * Coalesces events per key: a key fires once its events pause for `debounceMs`, and at the latest
 * `maxWaitMs` after its first event, so a file saved every second still syncs periodically. Keys
 * are independent. `fire` must not throw: it runs from a timer.
 */
export class DebouncePerKey<K> {
  private readonly debounceMs: number;
  private readonly maxWaitMs: number;
  private readonly timers: DebounceTimers;
  private readonly pending = new Map<K, Pending>();

  constructor(
    private readonly fire: (key: K, batch: DebouncedBatch) => void,
    options: DebouncePerKeyOptions = {},
  ) {
    this.debounceMs = checkDuration('debounceMs', options.debounceMs ?? 300);
    this.maxWaitMs = Math.max(this.debounceMs, checkDuration('maxWaitMs', options.maxWaitMs ?? 5000));
    this.timers = options.timers ?? systemTimers;
  }

  /** Records an event for `key` and (re)arms its timer. */
  trigger(key: K, reason: string): void {
    const now = this.timers.now();
    let entry = this.pending.get(key);
    if (entry === undefined) {
      entry = { firstAt: now, handle: undefined, reasons: [], events: 0 };
      this.pending.set(key, entry);
    } else {
      this.timers.clearTimeout(entry.handle);
    }
    entry.events += 1;
    if (entry.reasons.length < MAX_REASONS && !entry.reasons.includes(reason)) entry.reasons.push(reason);
    const delay = Math.max(0, Math.min(this.debounceMs, entry.firstAt + this.maxWaitMs - now));
    entry.handle = this.timers.setTimeout(() => this.flush(key), delay);
  }

  /** Fires `key` now if it has pending events; true if it did. */
  flush(key: K): boolean {
    const entry = this.take(key);
    if (entry === undefined) return false;
    this.fire(key, { reasons: entry.reasons, events: entry.events });
    return true;
  }

  /** Drops `key`'s pending events without firing. */
  cancel(key: K): void {
    this.take(key);
  }

  /** Drops every pending event without firing (shutdown). */
  cancelAll(): void {
    for (const key of [...this.pending.keys()]) this.take(key);
  }

  /** Whether `key` has events waiting. */
  isPending(key: K): boolean {
    return this.pending.has(key);
  }

  private take(key: K): Pending | undefined {
    const entry = this.pending.get(key);
    if (entry === undefined) return undefined;
    this.timers.clearTimeout(entry.handle);
    this.pending.delete(key);
    return entry;
  }
}

function checkDuration(name: string, value: number): number {
  if (!Number.isFinite(value) || value < 0) throw new RangeError(`${name} must be a finite number of milliseconds >= 0, got ${value}`);
  return value;
}
