/**
 * The endpoint or token handed to the client is unusable (not an http(s) URL, credentials in the
 * URL, whitespace in the token): a configuration mistake, found before any request (exit code 2).
 */
export class ApiConfigError extends TypeError {
  override readonly name = 'ApiConfigError';
  readonly code = 'E_API_CONFIG';
}
