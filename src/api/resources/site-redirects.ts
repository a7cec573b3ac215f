import type { Requester } from '../requester.js';
import type { Paged } from '../paged.js';
import {
  BulkSiteRedirectsResultSchema,
  SiteRedirectSchema,
  type BulkSiteRedirect,
  type BulkSiteRedirectsResult,
  type CreateSiteRedirectBody,
  type SiteRedirect,
} from '../schemas/site-redirect.js';
import type { CallOptions, ListOptions, SiteRef } from './call-options.js';
import { SiteItemsApi } from './site-items-api.js';

/**
 * Redirects of a site (`SITE/redirects`): one by one on both APIs, in bulk on today's. A `create` that
 * may have reached the server is not retried: list before creating again.
 */
export class SiteRedirectsApi extends SiteItemsApi<SiteRedirect, CreateSiteRedirectBody, Partial<CreateSiteRedirectBody>> {
  constructor(client: Requester) {
    super(client, 'redirects', SiteRedirectSchema);
  }

  list(site: SiteRef, options: ListOptions = {}): Paged<SiteRedirect> {
    return this.listItems(site, options);
  }

  /** Today's API: creates, updates and deletes (a `null` destination) up to 500 live redirects by source. Idempotent. */
  bulkUpsert(site: SiteRef, redirects: readonly BulkSiteRedirect[], options: CallOptions = {}): Promise<BulkSiteRedirectsResult> {
    return this.client.request({
      method: 'PUT',
      path: this.itemsPath(site),
      body: { redirects },
      schema: BulkSiteRedirectsResultSchema,
      signal: options.signal,
    });
  }
}
