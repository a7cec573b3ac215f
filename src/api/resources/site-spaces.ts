import type { Requester } from '../requester.js';
import type { Paged } from '../paged.js';
import { SiteSpaceSchema, type CreateSiteSpaceBody, type SiteSpace, type UpdateSiteSpaceBody } from '../schemas/site.js';
import type { ListOptions, SiteRef } from './call-options.js';
import { SiteItemsApi } from './site-items-api.js';

/**
 * Site spaces: spaces published in a site, at the root or in a section (`SITE/site-spaces`). `create`
 * without `sectionId` adds the space to the default section (or the root).
 */
export class SiteSpacesApi extends SiteItemsApi<SiteSpace, CreateSiteSpaceBody, UpdateSiteSpaceBody> {
  constructor(client: Requester) {
    super(client, 'site-spaces', SiteSpaceSchema);
  }

  /** `default: true` lists only the default site space, `false` only the others. */
  list(site: SiteRef, options: ListOptions & { readonly shareKey?: string; readonly default?: boolean } = {}): Paged<SiteSpace> {
    return this.listItems(site, options, { shareKey: options.shareKey, default: options.default });
  }
}
