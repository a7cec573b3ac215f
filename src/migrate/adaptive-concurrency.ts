/** Options of {@link AdaptiveConcurrency}. */
export interface AdaptiveConcurrencyOptions {
  /** Most items in flight. */
  readonly max: number;
  /** Items in flight at the start. Default `min(4, max)`. */
  readonly initial?: number;
  /** Fewest items in flight. Default 1. */
  readonly min?: number;
}

/** What the runner saw since the last item settled. */
export interface ConcurrencySignal {
  /** 429 responses since the last update. */
  readonly rateLimited: number;
  /**
   * Whether the API is already used up to its rate limit (the last second's requests are close to
   * `X-RateLimit-Limit`): more items in flight would only wait in the client's rate budget.
   */
  readonly saturated: boolean;
}

/**
 * How many items run at once, adjusted as items settle (additive increase, multiplicative decrease):
 * one more while the API has headroom, half as many after a 429, then a cool-down of as many
 * settled items as are in flight, so one burst of 429s halves once. The client's rate budget already
 * spaces requests within the limit; this keeps enough items in flight to use it, and backs off when
 * the server says the budget was wrong (another client on the same token, a lower limit).
 */
export class AdaptiveConcurrency {
  readonly max: number;
  readonly min: number;
  #limit: number;
  #cooldown = 0;

  constructor(options: AdaptiveConcurrencyOptions) {
    this.max = Math.max(1, Math.floor(options.max));
    this.min = Math.min(this.max, Math.max(1, Math.floor(options.min ?? 1)));
    this.#limit = clamp(Math.floor(options.initial ?? Math.min(4, this.max)), this.min, this.max);
  }

  /** Items that may be in flight now. */
  get limit(): number {
    return this.#limit;
  }

  /** Takes what was seen since the last settled item; returns the new limit. */
  update(signal: ConcurrencySignal): number {
    if (signal.rateLimited > 0 && this.#cooldown === 0) {
      this.#limit = Math.max(this.min, Math.floor(this.#limit / 2));
      this.#cooldown = this.#limit;
    } else if (this.#cooldown > 0) {
      this.#cooldown -= 1;
    } else if (!signal.saturated) {
      this.#limit = Math.min(this.max, this.#limit + 1);
    }
    return this.#limit;
  }
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
