import type { Requester } from '../requester.js';
import { apiPath } from '../api-path.js';
import { paged, type Paged } from '../paged.js';
import {
  OpenAPISpecSchema,
  OpenAPISpecVersionContentSchema,
  OpenAPISpecVersionSchema,
  type OpenAPISource,
  type OpenAPISpec,
  type OpenAPISpecVersion,
  type OpenAPISpecVersionContent,
} from '../schemas/openapi.js';
import type { CallOptions, ListOptions } from './call-options.js';

/** OpenAPI specifications of an organization and their versions (`O/openapi…`). */
export class OpenApiSpecsApi {
  readonly #client: Requester;

  constructor(client: Requester) {
    this.#client = client;
  }

  get(orgId: string, slug: string, options: CallOptions = {}): Promise<OpenAPISpec> {
    return this.#client.request({ path: apiPath`/orgs/${orgId}/openapi/${slug}`, schema: OpenAPISpecSchema, signal: options.signal });
  }

  /**
   * Creates or updates a spec from `{url}` (the API fetches it) or `{text}` (the document itself).
   * Processing then runs on the API side: poll {@link get} until `processingState` is `complete`.
   */
  put(orgId: string, slug: string, source: OpenAPISource, options: CallOptions = {}): Promise<OpenAPISpec> {
    return this.#client.request({
      method: 'PUT',
      path: apiPath`/orgs/${orgId}/openapi/${slug}`,
      body: { source },
      schema: OpenAPISpecSchema,
      signal: options.signal,
    });
  }

  listVersions(orgId: string, slug: string, options: ListOptions = {}): Paged<OpenAPISpecVersion> {
    return paged(() =>
      this.#client.paginate({
        path: apiPath`/orgs/${orgId}/openapi/${slug}/versions`,
        itemSchema: OpenAPISpecVersionSchema,
        limit: options.limit,
        signal: options.signal,
      }),
    );
  }

  /** What the latest version holds: the files the platform keeps of it, and its URL. */
  getLatestContent(orgId: string, slug: string, options: CallOptions = {}): Promise<OpenAPISpecVersionContent> {
    return this.#client.request({
      path: apiPath`/orgs/${orgId}/openapi/${slug}/versions/latest/content`,
      schema: OpenAPISpecVersionContentSchema,
      signal: options.signal,
    });
  }
}
