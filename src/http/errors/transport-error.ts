/** Which bound of a response's budget an answer broke. */
export type ResponseBudget = { readonly kind: 'size'; readonly maxBytes: number } | { readonly kind: 'deadline'; readonly deadlineMs: number };

/** Why an exchange ended without a whole answer. */
export type TransportFailure =
  /** No response headers, or no next piece of the body, within the request's `timeoutMs`. */
  | { readonly kind: 'timeout'; readonly timeoutMs: number }
  /** The answer broke the request's `deadlineMs` or `maxBytes`. */
  | { readonly kind: 'budget'; readonly budget: ResponseBudget }
  /**
   * The connection failed: refused, reset, closed early, host not found; `E_CONNECT_TIMEOUT` when
   * none opened within the connect timeout (then nothing was sent).
   */
  | { readonly kind: 'network'; readonly errno: string | undefined };

/**
 * An HTTP exchange of {@link HttpTransport} that ended without a whole answer. Its callers (the API
 * client, the downloader) turn it into an error of their own that names the call and what to do.
 */
export class TransportError extends Error {
  override readonly name = 'TransportError';

  constructor(
    readonly failure: TransportFailure,
    options?: ErrorOptions,
  ) {
    super(failure.kind === 'network' ? `connection failed (${failure.errno ?? 'no errno'})` : `response ${failure.kind}`, options);
  }
}
