import type { Requester } from '../requester.js';
import { SiteExternalLinkSchema, type CreateExternalLinkBody, type SiteExternalLink, type UpdateExternalLinkBody } from '../schemas/site.js';
import { SiteItemsApi } from './site-items-api.js';

/**
 * External links of a site's navigation (`SITE/external-links`): today's API only, which does not list
 * them. `create` puts a link at the root, or in the group `parent`.
 */
export class ExternalLinksApi extends SiteItemsApi<SiteExternalLink, CreateExternalLinkBody, UpdateExternalLinkBody> {
  constructor(client: Requester) {
    super(client, 'external-links', SiteExternalLinkSchema);
  }
}
