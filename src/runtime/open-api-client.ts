import { ApiClient } from '../api/api-client.js';
import type { DocsyncConfig } from '../config/config-schema.js';
import { apiClientOptions, type ApiClientWiring } from './open-api-requester.js';

export { apiEndpoint } from './open-api-requester.js';

/** The API client of every command, with every resource group; see {@link apiClientOptions}. */
export function openApiClient(config: DocsyncConfig | undefined, wiring: ApiClientWiring): ApiClient {
  return new ApiClient(apiClientOptions(config, wiring));
}
