import type { Requester } from '../requester.js';
import type { Paged } from '../paged.js';
import { ShareLinkSchema, type CreateShareLinkBody, type ShareLink, type UpdateShareLinkBody } from '../schemas/site.js';
import type { ListOptions, SiteRef } from './call-options.js';
import { SiteItemsApi } from './site-items-api.js';

/** Share links of a share-link site (`SITE/share-links`). */
export class ShareLinksApi extends SiteItemsApi<ShareLink, CreateShareLinkBody, UpdateShareLinkBody> {
  constructor(client: Requester) {
    super(client, 'share-links', ShareLinkSchema);
  }

  list(site: SiteRef, options: ListOptions = {}): Paged<ShareLink> {
    return this.listItems(site, options);
  }
}
