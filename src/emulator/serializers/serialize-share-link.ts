import type { ShareLinkRecord, SiteRecord } from '../state/records.js';
import { siteBaseUrl, withShareKey } from './site-urls.js';

/** The secret is only ever shown inside `urls.published`, as a visitor would receive it. */
export function serializeShareLink(site: SiteRecord, link: ShareLinkRecord) {
  return {
    object: 'share-link' as const,
    id: link.id,
    createdAt: link.createdAt,
    name: link.name,
    active: link.active,
    urls: { published: withShareKey(siteBaseUrl(site), link.key) },
  };
}
