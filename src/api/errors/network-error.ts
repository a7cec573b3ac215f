import { ApiError, type ApiErrorContext } from './api-error.js';

/** Errno codes meaning the connection failed before any byte of the request was sent. */
const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'E_CONNECT_TIMEOUT']);

/** The connection failed: refused, reset, closed early, host not found. */
export class NetworkError extends ApiError {
  override readonly code = 'E_API_NETWORK';
  /** The system code, e.g. `ECONNREFUSED`, `ECONNRESET`, or `E_CONNECT_TIMEOUT` (no connection within the connect timeout). */
  readonly errno: string | undefined;
  /**
   * `false` only when the request certainly never reached the server (connection refused, host not
   * found, connect timeout), so even a non-idempotent call is safe to send again.
   */
  readonly requestSent: boolean;

  constructor(context: ApiErrorContext & { readonly origin: string; readonly errno?: string | undefined }) {
    const requestSent = context.errno === undefined || !NOT_SENT.has(context.errno);
    const what = context.errno === 'ENOTFOUND' ? 'host not found' : (context.errno ?? 'connection failed');
    super(
      `${ApiError.describe(context)} could not reach ${context.origin} (${what}): ` +
        'check DOCSYNC_ENDPOINT (or GITBOOK_ENDPOINT), the network and any proxy, then run again.',
      context,
    );
    this.name = 'NetworkError';
    this.errno = context.errno;
    this.requestSent = requestSent;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), errno: this.errno, requestSent: this.requestSent };
  }
}
