import { ApiError, type ApiErrorContext } from './api-error.js';

/** No response (or no complete body) within the client's timeout. The request may have been processed. */
export class TimeoutError extends ApiError {
  override readonly code = 'E_API_TIMEOUT';
  readonly timeoutMs: number;

  constructor(context: ApiErrorContext & { readonly timeoutMs: number }) {
    super(
      `${ApiError.describe(context)} got no response within ${context.timeoutMs}ms: ` + 'the API is slow or unreachable. Run again, or raise the timeout.',
      context,
    );
    this.name = 'TimeoutError';
    this.timeoutMs = context.timeoutMs;
  }
}
