import type { ApiClient } from '../api/api-client.js';
import { NotFoundError } from '../api/errors/not-found-error.js';
import { MAX_PAGE_LIMIT } from '../api/paginate.js';
import type { SiteRef } from '../api/resources/call-options.js';
import type { LiveAdaptiveJsonSchema, ShareLink, Site, SiteSection, SiteSectionGroup, SiteSpace, SiteStructure } from '../api/schemas/site.js';
import type { DesiredSite } from './desired-site.js';
import { SiteLookupError } from './errors/site-lookup-error.js';

/** A share link without its URL: the URL carries the secret key, so it never enters a plan. */
export interface LiveShareLink {
  id: string;
  /** Empty when the API gives none: such a link matches no manifest entry, so it shows as unmanaged. */
  name: string;
  /** True unless the API says the link is inactive. */
  active: boolean;
}

/** A share link as docsync compares it; the API's document leaves `name` and `active` optional. */
export function liveShareLink(link: ShareLink): LiveShareLink {
  return { id: link.id, name: link.name ?? '', active: link.active !== false };
}

/** What the API shows of a site: every page of every list. */
export interface LiveSite {
  site: Site;
  sections: SiteSection[];
  groups: SiteSectionGroup[];
  /** Every site space, at the root or in a section. */
  siteSpaces: SiteSpace[];
  shareLinks: LiveShareLink[];
  adaptiveSchema: LiveAdaptiveJsonSchema;
}

/**
 * Reads the live site: the site, then its structure (sections, groups and site spaces in one
 * read), share links (1000 per page) and adaptive schema in parallel: four calls for any site under
 * 1000 share links. Without an id
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
  const [structure, links, adaptive] = await Promise.all([
    api.sites.getStructure(ref, { signal }),
    api.shareLinks.list(ref, list).all(),
    api.sites.getAdaptiveSchema(ref, { signal }),
  ]);
  return {
    site,
    ...flattenStructure(structure),
    shareLinks: links.map(liveShareLink),
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

/** The structure's tree as the flat lists the planner matches: groups, sections (grouped ones too), site spaces with their section. */
export function flattenStructure(structure: SiteStructure): Pick<LiveSite, 'sections' | 'groups' | 'siteSpaces'> {
  if (structure.type === 'siteSpaces') return { sections: [], groups: [], siteSpaces: structure.structure };
  const sections: SiteSection[] = [];
  const groups: SiteSectionGroup[] = [];
  const siteSpaces: SiteSpace[] = [];
  const addSection = (section: SiteSection): void => {
    sections.push(section);
    for (const siteSpace of section.siteSpaces) siteSpaces.push(siteSpace.section === undefined ? { ...siteSpace, section: section.id } : siteSpace);
  };
  for (const item of structure.structure) {
    if (item.object === 'site-section-group') {
      groups.push(item);
      for (const section of item.sections) addSection(section.sectionGroup === undefined ? { ...section, sectionGroup: item.id } : section);
    } else if (item.object === 'site-section') {
      addSection(item);
    }
    // External links (today's API) are not sections: the planner does not match them.
  }
  return { sections, groups, siteSpaces };
}
