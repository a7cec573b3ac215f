import type { Requester } from '../requester.js';
import { apiPath } from '../api-path.js';
import { paged, type Paged } from '../paged.js';
import { SiteSpaceSchema, type CreateSiteSpaceBody, type SiteSpace, type UpdateSiteSpaceBody } from '../schemas/site.js';
import type { CallOptions, ListOptions, SiteRef } from './call-options.js';
import { sitePath } from './site-path.js';

/** Site spaces: spaces published in a site, at the root or in a section (`SITE/site-spaces`). */
export class SiteSpacesApi {
  readonly #client: Requester;

  constructor(client: Requester) {
    this.#client = client;
  }

  /** `default: true` lists only the default site space, `false` only the others. */
  list(site: SiteRef, options: ListOptions & { readonly shareKey?: string; readonly default?: boolean } = {}): Paged<SiteSpace> {
    return paged(() =>
      this.#client.paginate({
        path: `${sitePath(site)}/site-spaces`,
        query: { shareKey: options.shareKey, default: options.default },
        itemSchema: SiteSpaceSchema,
        limit: options.limit,
        signal: options.signal,
      }),
    );
  }

  /** Adds a space; without `sectionId` it goes to the default section (or the root). */
  create(site: SiteRef, body: CreateSiteSpaceBody, options: CallOptions = {}): Promise<SiteSpace> {
    return this.#client.request({
      method: 'POST',
      path: `${sitePath(site)}/site-spaces`,
      body,
      schema: SiteSpaceSchema,
      signal: options.signal,
    });
  }

  update(site: SiteRef, siteSpaceId: string, body: UpdateSiteSpaceBody, options: CallOptions = {}): Promise<SiteSpace> {
    return this.#client.request({
      method: 'PATCH',
      path: `${sitePath(site)}${apiPath`/site-spaces/${siteSpaceId}`}`,
      body,
      schema: SiteSpaceSchema,
      signal: options.signal,
    });
  }

  async delete(site: SiteRef, siteSpaceId: string, options: CallOptions = {}): Promise<void> {
    await this.#client.request({
      method: 'DELETE',
      path: `${sitePath(site)}${apiPath`/site-spaces/${siteSpaceId}`}`,
      signal: options.signal,
    });
  }
}
