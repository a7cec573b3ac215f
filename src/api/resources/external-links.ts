import type { Requester } from '../requester.js';
import { apiPath } from '../api-path.js';
import { SiteExternalLinkSchema, type CreateExternalLinkBody, type SiteExternalLink, type UpdateExternalLinkBody } from '../schemas/site.js';
import type { CallOptions, SiteRef } from './call-options.js';
import { sitePath } from './site-path.js';

function linkPath(site: SiteRef, linkId: string): string {
  return `${sitePath(site)}${apiPath`/external-links/${linkId}`}`;
}

/** External links of a site's navigation (`SITE/external-links`): today's API only. */
export class ExternalLinksApi {
  readonly #client: Requester;

  constructor(client: Requester) {
    this.#client = client;
  }

  /** Creates a link at the root, or in the group `parent`. Not retried once it may have reached the server. */
  create(site: SiteRef, body: CreateExternalLinkBody, options: CallOptions = {}): Promise<SiteExternalLink> {
    return this.#client.request({
      method: 'POST',
      path: `${sitePath(site)}/external-links`,
      body,
      schema: SiteExternalLinkSchema,
      signal: options.signal,
    });
  }

  update(site: SiteRef, linkId: string, body: UpdateExternalLinkBody, options: CallOptions = {}): Promise<SiteExternalLink> {
    return this.#client.request({ method: 'PATCH', path: linkPath(site, linkId), body, schema: SiteExternalLinkSchema, signal: options.signal });
  }

  async delete(site: SiteRef, linkId: string, options: CallOptions = {}): Promise<void> {
    await this.#client.request({ method: 'DELETE', path: linkPath(site, linkId), signal: options.signal });
  }
}
