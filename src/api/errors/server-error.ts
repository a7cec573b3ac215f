import { ApiError, type ApiErrorContext } from './api-error.js';

/** 5xx: the API failed. Usually temporary. `retryAfterMs` is set when a 503 said when to come back. */
export class ServerError extends ApiError {
  override readonly code = 'E_API_SERVER';
  readonly retryAfterMs: number | undefined;

  constructor(context: ApiErrorContext & { readonly retryAfterMs?: number | undefined }) {
    super(
      `${ApiError.describe(context)} failed with ${context.status ?? 500} from the API${ApiError.quoteApi(context)}: ` +
        'this is a problem on the service side and usually temporary. Run again later.',
      context,
    );
    this.name = 'ServerError';
    this.retryAfterMs = context.retryAfterMs;
  }
}
