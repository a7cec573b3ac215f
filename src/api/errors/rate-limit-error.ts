import { ApiError, type ApiErrorContext } from './api-error.js';

/** 429: the API's rate limit is spent. `retryAfterMs` says how long to wait, when the API said. */
export class RateLimitError extends ApiError {
  override readonly code = 'E_API_RATE_LIMIT';
  /** Milliseconds to wait before the next call, from `Retry-After` or `X-RateLimit-Reset`. */
  readonly retryAfterMs: number | undefined;

  constructor(context: ApiErrorContext & { readonly retryAfterMs?: number | undefined }) {
    const wait =
      context.retryAfterMs === undefined ? 'a while' : `${Math.ceil(context.retryAfterMs / 1000)}s`;
    super(
      `${ApiError.describe(context)} failed with 429 Too Many Requests${ApiError.quoteApi(context)}: ` +
        `the API rate limit is used up. Wait ${wait} and run again, or lower docsync's concurrency.`,
      context,
    );
    this.name = 'RateLimitError';
    this.retryAfterMs = context.retryAfterMs;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), retryAfterMs: this.retryAfterMs };
  }
}
