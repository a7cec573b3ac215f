import { ApiError, type ApiErrorContext } from './api-error.js';

/** 409: the resource already exists or changed under us. */
export class ConflictError extends ApiError {
  override readonly code = 'E_API_CONFLICT';

  constructor(context: ApiErrorContext) {
    super(
      `${ApiError.describe(context)} failed with 409 Conflict${ApiError.quoteApi(context)}: ` +
        'the resource already exists or was changed by someone else. Re-read it and run again.',
      context,
    );
    this.name = 'ConflictError';
  }
}
