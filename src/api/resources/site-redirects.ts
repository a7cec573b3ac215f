import type { Requester } from '../requester.js';
import { apiPath } from '../api-path.js';
import { paged, type Paged } from '../paged.js';
import {
  BulkSiteRedirectsResultSchema,
  SiteRedirectSchema,
  type BulkSiteRedirect,
  type BulkSiteRedirectsResult,
  type CreateSiteRedirectBody,
  type SiteRedirect,
} from '../schemas/site-redirect.js';
import type { CallOptions, ListOptions, SiteRef } from './call-options.js';
import { sitePath } from './site-path.js';

function redirectPath(site: SiteRef, redirectId: string): string {
  return `${sitePath(site)}${apiPath`/redirects/${redirectId}`}`;
}

/** Redirects of a site (`SITE/redirects`): one by one on both APIs, in bulk on today's. */
export class SiteRedirectsApi {
  readonly #client: Requester;

  constructor(client: Requester) {
    this.#client = client;
  }

  list(site: SiteRef, options: ListOptions = {}): Paged<SiteRedirect> {
    return paged(() =>
      this.#client.paginate({ path: `${sitePath(site)}/redirects`, itemSchema: SiteRedirectSchema, limit: options.limit, signal: options.signal }),
    );
  }

  /** Not retried once it may have reached the server: list before creating again. */
  create(site: SiteRef, body: CreateSiteRedirectBody, options: CallOptions = {}): Promise<SiteRedirect> {
    return this.#client.request({ method: 'POST', path: `${sitePath(site)}/redirects`, body, schema: SiteRedirectSchema, signal: options.signal });
  }

  update(site: SiteRef, redirectId: string, body: Partial<CreateSiteRedirectBody>, options: CallOptions = {}): Promise<SiteRedirect> {
    return this.#client.request({ method: 'PATCH', path: redirectPath(site, redirectId), body, schema: SiteRedirectSchema, signal: options.signal });
  }

  async delete(site: SiteRef, redirectId: string, options: CallOptions = {}): Promise<void> {
    await this.#client.request({ method: 'DELETE', path: redirectPath(site, redirectId), signal: options.signal });
  }

  /** Today's API: creates, updates and deletes (a `null` destination) up to 500 live redirects by source. Idempotent. */
  bulkUpsert(site: SiteRef, redirects: readonly BulkSiteRedirect[], options: CallOptions = {}): Promise<BulkSiteRedirectsResult> {
    return this.#client.request({
      method: 'PUT',
      path: `${sitePath(site)}/redirects`,
      body: { redirects },
      schema: BulkSiteRedirectsResultSchema,
      signal: options.signal,
    });
  }
}
