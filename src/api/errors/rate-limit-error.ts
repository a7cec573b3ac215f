import { ApiError, type ApiErrorContext } from './api-error.js';
import { serverText } from '../../logging/sanitize-output.js';

/** 429: the API's rate limit is spent. `retryAfterMs` says how long to wait, when the API said. */
export class RateLimitError extends ApiError {
  override readonly code = 'E_API_RATE_LIMIT';
  /** Milliseconds to wait before the next call, from `Retry-After` or `X-RateLimit-Reset`. */
  readonly retryAfterMs: number | undefined;
  /**
   * The header that asked for a wait no rate window lasts (`X-RateLimit-Reset: 9999999999`): nothing
   * is waited for, and the work is not tried again.
   */
  readonly implausibleWait: string | undefined;

  constructor(context: ApiErrorContext & { readonly retryAfterMs?: number | undefined; readonly implausibleWait?: string | undefined }) {
    const wait = context.retryAfterMs === undefined ? 'a while' : `${Math.ceil(context.retryAfterMs / 1000)}s`;
    super(
      context.implausibleWait === undefined
        ? `${ApiError.describe(context)} failed with 429 Too Many Requests${ApiError.quoteApi(context)}: ` +
            `the API rate limit is used up. Wait ${wait} and run again, or lower docsync's concurrency.`
        : `${ApiError.describe(context)} failed with 429 Too Many Requests${ApiError.quoteApi(context)}, asking to wait ` +
            `longer than any rate window (${serverText(context.implausibleWait)}): docsync gives up rather than wait. ` +
            'Run again later; if this persists, the endpoint or a proxy in front of it is misbehaving.',
      context,
    );
    this.name = 'RateLimitError';
    this.retryAfterMs = context.retryAfterMs;
    this.implausibleWait = context.implausibleWait;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), retryAfterMs: this.retryAfterMs };
  }
}
