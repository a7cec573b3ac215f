import type { ApiClient } from '../api/api-client.js';
import { NotFoundError } from '../api/errors/not-found-error.js';
import { MAX_PAGE_LIMIT } from '../api/paginate.js';
import type { SiteRef } from '../api/resources/call-options.js';
import type { AdaptiveJsonSchema, Site, SiteSection, SiteSectionGroup, SiteSpace } from '../api/schemas/site.js';
import type { DesiredSite } from './desired-site.js';
import { SiteLookupError } from './errors/site-lookup-error.js';

/** A share link without its URL: the URL carries the secret key, so it never enters a plan. */
export interface LiveShareLink {
  id: string;
  name: string;
  active: boolean;
}

/** What the API shows of a site: every page of every list. */
export interface LiveSite {
  site: Site;
  sections: SiteSection[];
  groups: SiteSectionGroup[];
  /** Every site space, at the root or in a section. */
  siteSpaces: SiteSpace[];
  shareLinks: LiveShareLink[];
  adaptiveSchema: AdaptiveJsonSchema;
}

/**
 * Reads the live site: the site, then its sections, groups, site spaces, share links and adaptive
 * schema in parallel, 1000 per page (six calls for any site under 1000 of each). Without an id
 * the site is found by its exact title; `undefined` when there is none yet (apply creates it).
 * @throws {SiteLookupError} when the id is unknown or several sites share the title.
 */
export async function readLiveSite(api: ApiClient, desired: DesiredSite, signal?: AbortSignal): Promise<LiveSite | undefined> {
  const site = desired.id === undefined ? await findByTitle(api, desired, signal) : await getById(api, desired, desired.id, signal);
  if (site === undefined) return undefined;
  return readSiteParts(api, desired.organization, site, signal);
}

/** Everything under a known site. */
export async function readSiteParts(api: ApiClient, orgId: string, site: Site, signal?: AbortSignal): Promise<LiveSite> {
  const ref: SiteRef = { orgId, siteId: site.id };
  const list = { limit: MAX_PAGE_LIMIT, signal };
  const [sections, groups, siteSpaces, links, adaptive] = await Promise.all([
    api.sections.list(ref, list).all(),
    api.sectionGroups.list(ref, list).all(),
    api.siteSpaces.list(ref, list).all(),
    api.shareLinks.list(ref, list).all(),
    api.sites.getAdaptiveSchema(ref, { signal }),
  ]);
  return {
    site,
    sections,
    groups,
    siteSpaces,
    shareLinks: links.map((link) => ({ id: link.id, name: link.name, active: link.active })),
    adaptiveSchema: adaptive.jsonSchema,
  };
}

async function getById(api: ApiClient, desired: DesiredSite, siteId: string, signal?: AbortSignal): Promise<Site> {
  try {
    return await api.sites.get({ orgId: desired.organization, siteId }, { signal });
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
    throw new SiteLookupError(`site "${siteId}" is not in organization ${desired.organization}; check site.id and site.organization`, { cause: error });
  }
}

async function findByTitle(api: ApiClient, desired: DesiredSite, signal?: AbortSignal): Promise<Site | undefined> {
  // `title` filters by "contains"; only an exact match counts.
  const sites = await api.sites.list(desired.organization, { title: desired.title, limit: MAX_PAGE_LIMIT, signal }).all();
  const exact = sites.filter((site) => site.title === desired.title);
  if (exact.length > 1) {
    throw new SiteLookupError(
      `${exact.length} sites in ${desired.organization} are titled "${desired.title}" (${exact.map((s) => s.id).join(', ')}); set site.id in the manifest`,
    );
  }
  return exact[0];
}
