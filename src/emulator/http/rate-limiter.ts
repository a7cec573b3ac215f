/** A fixed one-second window per token, with the headers the real API sends. */
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; used: number }>();

  constructor(
    private readonly perSecond: number,
    private readonly now: () => number,
  ) {}

  /** Counts one request; returns the headers to send and whether the request is over the limit. */
  take(key: string): { headers: Record<string, string>; limited: boolean; retryAfterSeconds: number } {
    const nowMs = this.now();
    const start = Math.floor(nowMs / 1000) * 1000;
    let window = this.windows.get(key);
    if (window?.start !== start) {
      window = { start, used: 0 };
      this.windows.set(key, window);
    }
    window.used += 1;
    const limited = window.used > this.perSecond;
    const reset = (start + 1000) / 1000;
    return {
      limited,
      retryAfterSeconds: Math.max(1, Math.ceil(reset - nowMs / 1000)),
      headers: {
        'x-ratelimit-limit': String(this.perSecond),
        'x-ratelimit-remaining': String(Math.max(0, this.perSecond - window.used)),
        'x-ratelimit-reset': String(reset),
      },
    };
  }
}
