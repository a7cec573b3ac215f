import type { Requester } from '../requester.js';
import { apiPath } from '../api-path.js';
import { paged, type Paged } from '../paged.js';
import {
  SiteAdaptiveSchemaSchema,
  SiteSchema,
  SiteStructureSchema,
  type AdaptiveJsonSchema,
  type CreateSiteBody,
  type Site,
  type SiteAdaptiveSchema,
  type SiteStructure,
  type UpdateSiteBody,
} from '../schemas/site.js';
import type { CallOptions, ListOptions, SiteRef } from './call-options.js';
import { sitePath } from './site-path.js';

/** Docs sites of an organization (`O/sites`, `SITE`, its adaptive schema and published view). */
export class SitesApi {
  readonly #client: Requester;

  constructor(client: Requester) {
    this.#client = client;
  }

  /** Sites, optionally filtered by a space they contain, title, or published flag. */
  list(orgId: string, options: ListOptions & { readonly space?: string; readonly title?: string; readonly published?: boolean } = {}): Paged<Site> {
    return paged(() =>
      this.#client.paginate({
        path: apiPath`/orgs/${orgId}/sites`,
        query: { space: options.space, title: options.title, published: options.published },
        itemSchema: SiteSchema,
        limit: options.limit,
        signal: options.signal,
      }),
    );
  }

  get(site: SiteRef, options: CallOptions = {}): Promise<Site> {
    return this.#client.request({ path: sitePath(site), schema: SiteSchema, signal: options.signal });
  }

  /** Creates a site. Not retried after it may have reached the server: list before re-creating. */
  create(orgId: string, body: CreateSiteBody = {}, options: CallOptions = {}): Promise<Site> {
    return this.#client.request({
      method: 'POST',
      path: apiPath`/orgs/${orgId}/sites`,
      body,
      schema: SiteSchema,
      signal: options.signal,
    });
  }

  update(site: SiteRef, body: UpdateSiteBody, options: CallOptions = {}): Promise<Site> {
    return this.#client.request({ method: 'PATCH', path: sitePath(site), body, schema: SiteSchema, signal: options.signal });
  }

  /** Sections, section groups and site spaces in one read. */
  getStructure(site: SiteRef, options: CallOptions = {}): Promise<SiteStructure> {
    return this.#client.request({ path: `${sitePath(site)}/structure`, schema: SiteStructureSchema, signal: options.signal });
  }

  /** The JSON Schema of visitor attributes used by adaptive content. */
  getAdaptiveSchema(site: SiteRef, options: CallOptions = {}): Promise<SiteAdaptiveSchema> {
    return this.#client.request({
      path: `${sitePath(site)}/adaptive-schema`,
      schema: SiteAdaptiveSchemaSchema,
      signal: options.signal,
    });
  }

  putAdaptiveSchema(site: SiteRef, jsonSchema: AdaptiveJsonSchema, options: CallOptions = {}): Promise<SiteAdaptiveSchema> {
    return this.#client.request({
      method: 'PUT',
      path: `${sitePath(site)}/adaptive-schema`,
      body: { jsonSchema },
      schema: SiteAdaptiveSchemaSchema,
      signal: options.signal,
    });
  }
}
