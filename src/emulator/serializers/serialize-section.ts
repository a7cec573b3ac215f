import type { EmulatorContext } from '../emulator-context.js';
import type { MemberRole } from '../roles.js';
import type { SectionRecord, SiteRecord } from '../state/records.js';
import { SiteLayout } from '../state/site-layout.js';
import { serializeSiteSpace } from './serialize-site-space.js';
import { sectionBaseUrl, withShareKey, type PublishedView } from './site-urls.js';

export function serializeSection(
  ctx: EmulatorContext,
  site: SiteRecord,
  section: SectionRecord,
  role: MemberRole,
  view: PublishedView = {},
  layout: SiteLayout = new SiteLayout(ctx.state, site),
) {
  return {
    object: 'site-section' as const,
    id: section.id,
    title: section.title,
    ...(section.description === undefined ? {} : { description: section.description }),
    default: layout.isDefaultSection(section),
    // The emulator publishes every part of a site at once: nothing is a draft.
    ...(ctx.options.contract === 'current' ? { draft: false } : {}),
    path: section.path,
    ...(section.condition === undefined ? {} : { condition: section.condition }),
    ...(section.sectionGroup === undefined ? {} : { sectionGroup: section.sectionGroup }),
    siteSpaces: layout.siteSpacesOf(section.id).map((s) => serializeSiteSpace(ctx, site, s, role, view, layout)),
    urls: {
      location: `${ctx.baseUrl()}/v1/orgs/${site.organization}/sites/${site.id}/sections/${section.id}`,
      published: withShareKey(sectionBaseUrl(layout, site, section), view.shareKey),
    },
    ...(section.icon === undefined ? {} : { icon: section.icon }),
  };
}
