import { OpenApiSpecsApi } from '../api/resources/openapi-specs.js';
import type { DocsyncConfig } from '../config/config-schema.js';
import { openApiRequester, type ApiClientWiring } from './open-api-requester.js';

/** The API as the `spec` commands use it: the OpenAPI specs group alone. */
export interface SpecsApi {
  readonly openapi: OpenApiSpecsApi;
  /** Whether a token was configured. */
  readonly hasToken: boolean;
  close(): Promise<void>;
}

/**
 * The `spec` commands' client: the OpenAPI specs group on a requester, so a one-shot spec command
 * loads none of the other groups' schemas, whose loading would be a large share of a short run.
 */
export function openSpecsApi(config: DocsyncConfig | undefined, wiring: ApiClientWiring): SpecsApi {
  const requester = openApiRequester(config, wiring);
  return { openapi: new OpenApiSpecsApi(requester), hasToken: requester.hasToken, close: () => requester.close() };
}
