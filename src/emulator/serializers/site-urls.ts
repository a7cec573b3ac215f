import type { SectionRecord, SiteRecord, SiteSpaceRecord } from '../state/records.js';
import type { SiteLayout } from '../state/site-layout.js';

/** Where the emulator pretends sites are published when they have no custom host name. */
export const PUBLISHED_ORIGIN = 'https://docs.emulator.test';

/**
 * How published URLs are written for one response: `shareKey` is set only once it has been checked
 * against an active share link, and then resolves the URLs of a share-link site (`?share=<key>`).
 */
export interface PublishedView {
  shareKey?: string;
}

export function withShareKey(url: string, shareKey: string | undefined): string {
  return shareKey === undefined ? url : `${url}?share=${encodeURIComponent(shareKey)}`;
}

export function siteBaseUrl(site: SiteRecord): string {
  if (site.hostname !== undefined) return `https://${site.hostname}${site.basename === undefined ? '' : `/${site.basename}`}`;
  return `${PUBLISHED_ORIGIN}/${site.organization}/${site.basename ?? site.id}`;
}

/** The default section (and default site space) add no path segment, as on a published site. */
export function sectionBaseUrl(layout: SiteLayout, site: SiteRecord, section: SectionRecord | undefined): string {
  const base = siteBaseUrl(site);
  if (section === undefined || layout.isDefaultSection(section)) return base;
  return `${base}/${section.path}`;
}

export function siteSpaceBaseUrl(layout: SiteLayout, site: SiteRecord, siteSpace: SiteSpaceRecord, section: SectionRecord | undefined): string {
  const base = sectionBaseUrl(layout, site, section);
  return layout.isDefaultSiteSpace(siteSpace) ? base : `${base}/${siteSpace.path}`;
}
