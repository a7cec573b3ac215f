import { API_CONTRACTS, type ContractName } from '../../api/contracts/api-contract.js';

/**
 * The official OpenAPI document of a contract (`@gitbook/api`, a development dependency) is not
 * installed, so nothing can be checked against it. The message says how to install it.
 */
export class ContractUnavailableError extends Error {
  override readonly name = 'ContractUnavailableError';
  readonly code = 'E_CONTRACT_UNAVAILABLE';

  constructor(contract: ContractName, options?: { cause?: unknown }) {
    const { packageName, version } = API_CONTRACTS[contract];
    super(
      `The ${contract} API contract (${packageName} spec/openapi.json, @gitbook/api ${version}) is not installed: run \`npm install --include=dev\` in docsync, or run without --strict.`,
      options,
    );
  }
}
