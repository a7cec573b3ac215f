/**
 * The configuration takes its token from an environment variable that is not set, or no token is
 * given anywhere. Not a mistake in the file: the token is missing, which the CLI reports with the
 * token's exit code (3), before any request.
 */
export class MissingTokenError extends Error {
  override readonly name = 'MissingTokenError';
  readonly code = 'E_TOKEN_MISSING';
  readonly field = 'api.token';

  constructor(
    message: string,
    /** The configuration file that lacks it; undefined for a command run without one (`spec status --org`). */
    readonly file: string | undefined,
    readonly line?: number,
  ) {
    super(file === undefined ? `api.token: ${message}` : `${file}${line === undefined ? '' : `:${line}`}: api.token: ${message}`);
  }
}
