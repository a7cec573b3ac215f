import { systemClock, type Clock } from './clock.js';
import { headerValue, MAX_PLAUSIBLE_WAIT_MS, parseRateLimitReset, type ResponseHeaders } from './retry-after.js';

/** Options of {@link RateBudget}. */
export interface RateBudgetOptions {
  /**
   * When the requests left in the window fall to this fraction of `X-RateLimit-Limit` (at least 1),
   * the rest are spread evenly until the reset instead of sent at once. Default `0.1`.
   */
  readonly lowWaterFraction?: number;
  /** Added to the wait for a reset, for whole-second resets and clock skew. Default `100` ms. */
  readonly resetMarginMs?: number;
  /** Longest single wait the budget imposes; a longer reset lets the server answer 429. Default `60_000` ms. */
  readonly maxWaitMs?: number;
  readonly clock?: Clock;
}

function intHeader(headers: ResponseHeaders, name: string): number | undefined {
  const value = headerValue(headers, name);
  if (value === undefined || !/^\d+$/.test(value)) return undefined;
  return Number(value);
}

/**
 * Client-side view of the API's rate limit, shared by every call of one client. Each response's
 * `X-RateLimit-Limit` / `-Remaining` / `-Reset` updates it; before each call {@link acquire} waits
 * as needed so that docsync slows down before the server has to answer 429: nothing while plenty is
 * left, evenly spaced calls when little is left, a wait until the reset when nothing is.
 */
export class RateBudget {
  readonly #clock: Clock;
  readonly #lowWaterFraction: number;
  readonly #resetMarginMs: number;
  readonly #maxWaitMs: number;
  #limit: number | undefined;
  #remaining: number | undefined;
  #resetAtMs: number | undefined;
  #nextSlotAtMs = 0;

  constructor(options: RateBudgetOptions = {}) {
    this.#clock = options.clock ?? systemClock;
    this.#lowWaterFraction = options.lowWaterFraction ?? 0.1;
    this.#resetMarginMs = options.resetMarginMs ?? 100;
    this.#maxWaitMs = options.maxWaitMs ?? 60_000;
  }

  /**
   * What the budget currently believes, for logs, metrics and callers that size their concurrency
   * by it: once the window's reset has passed, the whole limit is left.
   */
  get state(): { limit?: number | undefined; remaining?: number | undefined; resetAtMs?: number | undefined } {
    if (this.#resetAtMs !== undefined && this.#clock.now() >= this.#resetAtMs) return { limit: this.#limit, remaining: this.#limit };
    return { limit: this.#limit, remaining: this.#remaining, resetAtMs: this.#resetAtMs };
  }

  /** Reads the rate-limit headers of a response (any status). */
  observe(headers: ResponseHeaders): void {
    const remaining = intHeader(headers, 'x-ratelimit-remaining');
    if (remaining === undefined) return;
    const now = this.#clock.now();
    const resetIn = parseRateLimitReset(headerValue(headers, 'x-ratelimit-reset'), now);
    // An implausible reset is not waited for: a call goes out, and its 429 says what is wrong.
    const resetAtMs = resetIn === undefined || resetIn > MAX_PLAUSIBLE_WAIT_MS ? undefined : now + resetIn;
    const sameWindow = resetAtMs !== undefined && this.#resetAtMs !== undefined && Math.abs(resetAtMs - this.#resetAtMs) < 1000;
    // Within one window, calls in flight were already counted locally; the server has not seen them yet.
    this.#remaining = sameWindow && this.#remaining !== undefined ? Math.min(this.#remaining, remaining) : remaining;
    this.#resetAtMs = resetAtMs;
    this.#limit = intHeader(headers, 'x-ratelimit-limit') ?? this.#limit;
  }

  /**
   * Asks for one call. `taken` is false when nothing is left: wait `waitMs` for the reset and ask
   * again. When `taken`, the call is counted and should be sent after `waitMs` (0: now).
   * Does not sleep; {@link acquire} does.
   */
  reserve(): { readonly waitMs: number; readonly taken: boolean } {
    const now = this.#clock.now();
    if (this.#resetAtMs !== undefined && now >= this.#resetAtMs) {
      this.#remaining = this.#limit; // a fresh window
      this.#resetAtMs = undefined;
      this.#nextSlotAtMs = 0;
    }
    if (this.#remaining === undefined) return { waitMs: 0, taken: true };
    if (this.#resetAtMs === undefined) {
      // Counting goes on, but with no known reset there is nothing to wait for.
      this.#remaining = Math.max(0, this.#remaining - 1);
      return { waitMs: 0, taken: true };
    }
    const untilReset = this.#resetAtMs - now;
    if (this.#remaining <= 0) {
      return { waitMs: Math.min(untilReset + this.#resetMarginMs, this.#maxWaitMs), taken: false };
    }
    const lowWater = Math.max(1, Math.ceil((this.#limit ?? 0) * this.#lowWaterFraction));
    const left = this.#remaining;
    this.#remaining = left - 1;
    if (left > lowWater) return { waitMs: 0, taken: true };
    // Little left: spread the remaining calls evenly over the rest of the window.
    const slot = Math.max(now, this.#nextSlotAtMs);
    this.#nextSlotAtMs = slot + Math.max(0, this.#resetAtMs - slot) / left;
    return { waitMs: Math.min(Math.ceil(slot - now), this.#maxWaitMs), taken: true };
  }

  /**
   * Waits until the budget allows one more call, and counts it. Returns the milliseconds waited:
   * synchronously `0` when the call may go at once (the common case costs no promise), else a
   * promise settling after the wait.
   */
  acquire(signal?: AbortSignal): number | Promise<number> {
    const first = this.reserve();
    if (first.taken && first.waitMs <= 0) return 0;
    return this.#wait(first, signal);
  }

  async #wait(first: { readonly waitMs: number; readonly taken: boolean }, signal?: AbortSignal): Promise<number> {
    let slot = first;
    let waited = 0;
    // After waiting for a reset, ask again: the call is then counted in the new window.
    for (let round = 0; ; round++) {
      if (slot.waitMs > 0) {
        await this.#clock.sleep(slot.waitMs, signal);
        waited += slot.waitMs;
      }
      if (slot.taken || round >= 2) return waited;
      slot = this.reserve();
    }
  }
}
