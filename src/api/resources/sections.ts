import type { Requester } from '../requester.js';
import { apiPath } from '../api-path.js';
import { paged, type Paged } from '../paged.js';
import { SiteSectionSchema, type CreateSectionBody, type SiteSection, type UpdateSectionBody } from '../schemas/site.js';
import type { CallOptions, ListOptions, SiteRef } from './call-options.js';
import { sitePath } from './site-path.js';

/** Sections of a site (`SITE/sections`). */
export class SectionsApi {
  readonly #client: Requester;

  constructor(client: Requester) {
    this.#client = client;
  }

  list(site: SiteRef, options: ListOptions & { readonly shareKey?: string } = {}): Paged<SiteSection> {
    return paged(() =>
      this.#client.paginate({
        path: `${sitePath(site)}/sections`,
        query: { shareKey: options.shareKey },
        itemSchema: SiteSectionSchema,
        limit: options.limit,
        signal: options.signal,
      }),
    );
  }

  /** Creates a section holding `spaceId` as its first site space. */
  create(site: SiteRef, body: CreateSectionBody, options: CallOptions = {}): Promise<SiteSection> {
    return this.#client.request({
      method: 'POST',
      path: `${sitePath(site)}/sections`,
      body,
      schema: SiteSectionSchema,
      signal: options.signal,
    });
  }

  /** `condition`/`icon`/`description`: omitted leaves unchanged, `null` removes. */
  update(site: SiteRef, sectionId: string, body: UpdateSectionBody, options: CallOptions = {}): Promise<SiteSection> {
    return this.#client.request({
      method: 'PATCH',
      path: `${sitePath(site)}${apiPath`/sections/${sectionId}`}`,
      body,
      schema: SiteSectionSchema,
      signal: options.signal,
    });
  }

  async delete(site: SiteRef, sectionId: string, options: CallOptions = {}): Promise<void> {
    await this.#client.request({
      method: 'DELETE',
      path: `${sitePath(site)}${apiPath`/sections/${sectionId}`}`,
      signal: options.signal,
    });
  }
}
