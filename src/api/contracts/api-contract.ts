/**
 * The two published versions of the API that docsync speaks: `seed`, the 2025 API its seed
 * describes (`@gitbook/api` 0.130.0, OpenAPI 3.0), and `current`, what the service answers today
 * (`@gitbook/api` 0.202.0, OpenAPI 3.1).
 */
export const CONTRACT_NAMES = ['seed', 'current'] as const;
export type ContractName = (typeof CONTRACT_NAMES)[number];

export interface ApiContract {
  readonly name: ContractName;
  /** The `@gitbook/api` release whose `spec/openapi.json` is the contract. */
  readonly version: string;
  /** The installed package that holds it (a development dependency, aliased for the second version). */
  readonly packageName: string;
}

export const API_CONTRACTS: Readonly<Record<ContractName, ApiContract>> = {
  seed: { name: 'seed', version: '0.130.0', packageName: '@gitbook/api' },
  current: { name: 'current', version: '0.202.0', packageName: 'gitbook-api-current' },
};
