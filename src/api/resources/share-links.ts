import type { Requester } from '../requester.js';
import { apiPath } from '../api-path.js';
import { paged, type Paged } from '../paged.js';
import { ShareLinkSchema, type CreateShareLinkBody, type ShareLink, type UpdateShareLinkBody } from '../schemas/site.js';
import type { CallOptions, ListOptions, SiteRef } from './call-options.js';
import { sitePath } from './site-path.js';

/** Share links of a share-link site (`SITE/share-links`). */
export class ShareLinksApi {
  readonly #client: Requester;

  constructor(client: Requester) {
    this.#client = client;
  }

  list(site: SiteRef, options: ListOptions = {}): Paged<ShareLink> {
    return paged(() =>
      this.#client.paginate({
        path: `${sitePath(site)}/share-links`,
        itemSchema: ShareLinkSchema,
        limit: options.limit,
        signal: options.signal,
      }),
    );
  }

  create(site: SiteRef, body: CreateShareLinkBody, options: CallOptions = {}): Promise<ShareLink> {
    return this.#client.request({
      method: 'POST',
      path: `${sitePath(site)}/share-links`,
      body,
      schema: ShareLinkSchema,
      signal: options.signal,
    });
  }

  update(site: SiteRef, shareLinkId: string, body: UpdateShareLinkBody, options: CallOptions = {}): Promise<ShareLink> {
    return this.#client.request({
      method: 'PATCH',
      path: `${sitePath(site)}${apiPath`/share-links/${shareLinkId}`}`,
      body,
      schema: ShareLinkSchema,
      signal: options.signal,
    });
  }

  async delete(site: SiteRef, shareLinkId: string, options: CallOptions = {}): Promise<void> {
    await this.#client.request({
      method: 'DELETE',
      path: `${sitePath(site)}${apiPath`/share-links/${shareLinkId}`}`,
      signal: options.signal,
    });
  }
}
