import { ApiError, type ApiErrorContext } from './api-error.js';

/** 401: the token is missing, malformed, expired or revoked. */
export class AuthenticationError extends ApiError {
  override readonly code = 'E_API_AUTH';

  constructor(context: ApiErrorContext) {
    super(
      `${ApiError.describe(context)} failed with 401 Unauthorized${ApiError.quoteApi(context)}: the API token is missing or wrong. ` +
        'Set DOCSYNC_TOKEN (or GITBOOK_TOKEN, or api.token in docsync.yaml) to a valid API token.',
      context,
    );
    this.name = 'AuthenticationError';
  }
}
