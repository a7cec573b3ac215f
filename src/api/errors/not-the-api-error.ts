import { ApiError, type ApiErrorContext } from './api-error.js';

/**
 * A 404 whose body is not the API's `{"error": …}` (an HTML page, plain text): something other than
 * the API answered, so the endpoint is wrong, not the ids. Exit code 2, like bad configuration.
 */
export class NotTheApiError extends ApiError {
  override readonly code = 'E_API_ENDPOINT';

  constructor(context: ApiErrorContext) {
    super(
      `${ApiError.describe(context)} got a 404 page that is not the API's (no {"error": …} body): ` +
        'check that the endpoint (api.endpoint, DOCSYNC_ENDPOINT or GITBOOK_ENDPOINT) is the API host, like https://api.gitbook.com.',
      context,
    );
    this.name = 'NotTheApiError';
  }
}
