import { ApiError, type ApiErrorContext } from './api-error.js';

/** 403: the token is valid but its user's role does not allow this call. */
export class PermissionError extends ApiError {
  override readonly code = 'E_API_PERMISSION';

  constructor(context: ApiErrorContext) {
    super(
      `${ApiError.describe(context)} failed with 403 Forbidden${ApiError.quoteApi(context)}: the token's user lacks the permission for this. ` +
        'Ask an organization admin for a role that allows it, or use the token of a user who has one.',
      context,
    );
    this.name = 'PermissionError';
  }
}
