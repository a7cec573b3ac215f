import { ApiError, type ApiErrorContext } from './api-error.js';

/**
 * The endpoint answered a redirect (301, 302, 307, 308): docsync follows none, since a redirect
 * would carry the token to another host. The endpoint is to be set to where it points. Exit code 2.
 */
export class EndpointRedirectsError extends ApiError {
  override readonly code = 'E_API_REDIRECT';

  constructor(
    context: ApiErrorContext,
    /** The `Location` it points to, control characters escaped; undefined without one. */
    readonly location: string | undefined,
  ) {
    super(
      `${ApiError.describe(context)} got a ${context.status ?? 'redirect'}: the endpoint redirects to ${location ?? '(no Location header)'}. ` +
        'Set api.endpoint (or DOCSYNC_ENDPOINT, GITBOOK_ENDPOINT) to the API host itself, like https://api.gitbook.com; docsync does not follow redirects.',
      context,
    );
    this.name = 'EndpointRedirectsError';
  }
}
