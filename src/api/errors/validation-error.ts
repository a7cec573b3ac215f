import { ApiError, type ApiErrorContext } from './api-error.js';

/** 400: the API rejected the request; its message names the offending field. */
export class ValidationError extends ApiError {
  override readonly code = 'E_API_VALIDATION';

  constructor(context: ApiErrorContext) {
    const apiMessage = context.body?.error.message;
    super(
      `${ApiError.describe(context)} was rejected with 400 Bad Request: ${apiMessage ?? 'the API gave no reason'}. ` +
        'Fix that value (in the manifest, config or command line it came from) and run again.',
      context,
    );
    this.name = 'ValidationError';
  }
}
