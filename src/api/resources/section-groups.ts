import type { Requester } from '../requester.js';
import { apiPath } from '../api-path.js';
import { SiteSectionGroupSchema, type CreateSectionGroupBody, type SiteSectionGroup, type UpdateSectionGroupBody } from '../schemas/site.js';
import type { CallOptions, SiteRef } from './call-options.js';
import { SiteItemsApi } from './site-items-api.js';

/** Section groups of a site (`SITE/section-groups`). */
export class SectionGroupsApi extends SiteItemsApi<SiteSectionGroup, CreateSectionGroupBody, UpdateSectionGroupBody> {
  constructor(client: Requester) {
    super(client, 'section-groups', SiteSectionGroupSchema);
  }

  /** Puts a section in the group. Adding it twice is harmless, so it is retried. */
  addSection(site: SiteRef, groupId: string, sectionId: string, options: CallOptions = {}): Promise<SiteSectionGroup> {
    return this.client.request({
      method: 'POST',
      path: `${this.itemPath(site, groupId)}/sections`,
      body: { sectionId },
      schema: SiteSectionGroupSchema,
      idempotent: true,
      signal: options.signal,
    });
  }

  async removeSection(site: SiteRef, groupId: string, sectionId: string, options: CallOptions = {}): Promise<void> {
    await this.client.request({ method: 'DELETE', path: `${this.itemPath(site, groupId)}${apiPath`/sections/${sectionId}`}`, signal: options.signal });
  }
}
