import { AdaptiveJsonSchemaSchema, type Site, type SiteSection, type SiteSectionGroup, type SiteSpace } from '../../../src/api/schemas/site.js';
import type { LiveSite } from '../../../src/site/read-live-site.js';

/** Small typed builders of live API objects, for planner tests. */

const CREATED = '2024-01-01T00:00:00.000Z';

export function liveSite(parts: Partial<Omit<LiveSite, 'site'>> & { site?: Partial<Site> } = {}): LiveSite {
  return {
    site: {
      object: 'site',
      id: 'site-1',
      type: 'basic',
      title: 'Docs',
      visibility: 'public',
      published: true,
      siteSpaces: 0,
      createdAt: CREATED,
      agentsContext: 'included',
      adaptiveContent: { enabled: false },
      ...parts.site,
    },
    sections: parts.sections ?? [],
    groups: parts.groups ?? [],
    siteSpaces: parts.siteSpaces ?? [],
    externalLinks: parts.externalLinks ?? [],
    shareLinks: parts.shareLinks ?? [],
    adaptiveSchema:
      parts.adaptiveSchema ??
      AdaptiveJsonSchemaSchema.parse({
        type: 'object',
        properties: { unsigned: { type: 'object', description: 'Unsigned claims of the site visitor.', properties: {}, additionalProperties: false } },
        additionalProperties: false,
      }),
  };
}

export function siteSpace(id: string, fields: { path: string; space: string; section?: string; default?: boolean; condition?: string }): SiteSpace {
  return {
    object: 'site-space',
    id,
    path: fields.path,
    section: fields.section,
    space: { object: 'space', id: fields.space, title: fields.space },
    title: fields.space,
    default: fields.default ?? false,
    condition: fields.condition,
    hasAdvancedCustomizationFeature: false,
    urls: {},
  };
}

export function section(
  id: string,
  fields: { title: string; path: string; default?: boolean; group?: string; description?: string; icon?: string; condition?: string },
  siteSpaces: SiteSpace[] = [],
): SiteSection {
  return {
    object: 'site-section',
    id,
    title: fields.title,
    path: fields.path,
    default: fields.default ?? false,
    sectionGroup: fields.group,
    description: fields.description,
    icon: fields.icon,
    condition: fields.condition,
    siteSpaces,
    urls: {},
  };
}

export function group(id: string, title: string, sections: SiteSection[] = [], icon?: string): SiteSectionGroup {
  return { object: 'site-section-group', id, title, icon, sections };
}
