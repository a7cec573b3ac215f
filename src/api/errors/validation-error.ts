import { ApiError, type ApiErrorContext } from './api-error.js';

/**
 * 400: the API rejected the request; its message names the offending field. The message also says
 * what docsync sent, since a value may be docsync's own (an artifact URL) rather than the user's.
 */
export class ValidationError extends ApiError {
  override readonly code = 'E_API_VALIDATION';

  constructor(context: ApiErrorContext) {
    const apiMessage = context.body?.error.message;
    const sent = context.sent === undefined ? '' : ` docsync sent: ${context.sent}.`;
    super(
      `${ApiError.describe(context)} was rejected with 400 Bad Request: ${apiMessage ?? 'the API gave no reason'}.${sent} ` +
        'If the value the API names is set in docsync.yaml, a site manifest or on the command line, fix it there; ' +
        'otherwise docsync made it: check the settings it comes from (an import URL from `artifacts`) or report the message.',
      context,
    );
    this.name = 'ValidationError';
  }
}
