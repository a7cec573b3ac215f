import type { ApiClient } from '../api/api-client.js';
import { MAX_PAGE_LIMIT } from '../api/paginate.js';
import type { SiteRef } from '../api/resources/call-options.js';
import { liveShareLink } from './read-live-site.js';

/**
 * The published URL of each share link: secrets (the key is in the URL). Only for an explicit
 * `--show-secrets` on stdout; never pass the result to a logger.
 */
export async function shareLinkUrls(api: ApiClient, site: SiteRef): Promise<{ name: string; active: boolean; url: string | undefined }[]> {
  const links = await api.shareLinks.list(site, { limit: MAX_PAGE_LIMIT }).all();
  return links.map((link) => {
    const { name, active } = liveShareLink(link);
    return { name, active, url: link.urls.published };
  });
}
