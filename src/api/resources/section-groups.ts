import type { Requester } from '../requester.js';
import { apiPath } from '../api-path.js';
import { paged, type Paged } from '../paged.js';
import { SiteSectionGroupSchema, type CreateSectionGroupBody, type SiteSectionGroup, type UpdateSectionGroupBody } from '../schemas/site.js';
import type { CallOptions, ListOptions, SiteRef } from './call-options.js';
import { sitePath } from './site-path.js';

function groupPath(site: SiteRef, groupId: string): string {
  return `${sitePath(site)}${apiPath`/section-groups/${groupId}`}`;
}

/** Section groups of a site (`SITE/section-groups`). */
export class SectionGroupsApi {
  readonly #client: Requester;

  constructor(client: Requester) {
    this.#client = client;
  }

  list(site: SiteRef, options: ListOptions = {}): Paged<SiteSectionGroup> {
    return paged(() =>
      this.#client.paginate({
        path: `${sitePath(site)}/section-groups`,
        itemSchema: SiteSectionGroupSchema,
        limit: options.limit,
        signal: options.signal,
      }),
    );
  }

  create(site: SiteRef, body: CreateSectionGroupBody, options: CallOptions = {}): Promise<SiteSectionGroup> {
    return this.#client.request({
      method: 'POST',
      path: `${sitePath(site)}/section-groups`,
      body,
      schema: SiteSectionGroupSchema,
      signal: options.signal,
    });
  }

  update(site: SiteRef, groupId: string, body: UpdateSectionGroupBody, options: CallOptions = {}): Promise<SiteSectionGroup> {
    return this.#client.request({
      method: 'PATCH',
      path: groupPath(site, groupId),
      body,
      schema: SiteSectionGroupSchema,
      signal: options.signal,
    });
  }

  async delete(site: SiteRef, groupId: string, options: CallOptions = {}): Promise<void> {
    await this.#client.request({ method: 'DELETE', path: groupPath(site, groupId), signal: options.signal });
  }

  /** Puts a section in the group. Adding it twice is harmless, so it is retried. */
  addSection(site: SiteRef, groupId: string, sectionId: string, options: CallOptions = {}): Promise<SiteSectionGroup> {
    return this.#client.request({
      method: 'POST',
      path: `${groupPath(site, groupId)}/sections`,
      body: { sectionId },
      schema: SiteSectionGroupSchema,
      idempotent: true,
      signal: options.signal,
    });
  }

  async removeSection(site: SiteRef, groupId: string, sectionId: string, options: CallOptions = {}): Promise<void> {
    await this.#client.request({
      method: 'DELETE',
      path: `${groupPath(site, groupId)}${apiPath`/sections/${sectionId}`}`,
      signal: options.signal,
    });
  }
}
