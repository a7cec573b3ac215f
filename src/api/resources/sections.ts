import type { Requester } from '../requester.js';
import type { Paged } from '../paged.js';
import { SiteSectionSchema, type CreateSectionBody, type SiteSection, type UpdateSectionBody } from '../schemas/site.js';
import type { ListOptions, SiteRef } from './call-options.js';
import { SiteItemsApi } from './site-items-api.js';

/**
 * Sections of a site (`SITE/sections`). `create` makes a section holding `spaceId` as its first site
 * space; in `update`, `condition`/`icon`/`description` omitted leave it unchanged and `null` removes it.
 */
export class SectionsApi extends SiteItemsApi<SiteSection, CreateSectionBody, UpdateSectionBody> {
  constructor(client: Requester) {
    super(client, 'sections', SiteSectionSchema);
  }

  list(site: SiteRef, options: ListOptions & { readonly shareKey?: string } = {}): Paged<SiteSection> {
    return this.listItems(site, options, { shareKey: options.shareKey });
  }
}
