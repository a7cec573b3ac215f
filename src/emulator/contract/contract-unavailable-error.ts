/**
 * The official OpenAPI document (`@gitbook/api`, a development dependency) is not installed, so
 * nothing can be checked against it. The message says how to install it.
 */
export class ContractUnavailableError extends Error {
  override readonly name = 'ContractUnavailableError';
  readonly code = 'E_CONTRACT_UNAVAILABLE';

  constructor(options?: { cause?: unknown }) {
    super(
      'The official API contract (@gitbook/api spec/openapi.json) is not installed: run `npm install --include=dev` in docsync, or run without --strict.',
      options,
    );
  }
}
