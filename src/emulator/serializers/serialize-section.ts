import type { EmulatorContext } from '../emulator-context.js';
import type { MemberRole } from '../roles.js';
import type { SectionRecord, SiteRecord } from '../state/records.js';
import { defaultSectionOf, siteSpacesOfSection } from '../state/site-structure.js';
import { serializeSiteSpace } from './serialize-site-space.js';
import { sectionBaseUrl, withShareKey, type PublishedView } from './site-urls.js';

export function serializeSection(
  ctx: EmulatorContext,
  site: SiteRecord,
  section: SectionRecord,
  role: MemberRole,
  view: PublishedView = {},
) {
  return {
    object: 'site-section' as const,
    id: section.id,
    title: section.title,
    ...(section.description === undefined ? {} : { description: section.description }),
    default: defaultSectionOf(ctx.state, site)?.id === section.id,
    path: section.path,
    ...(section.condition === undefined ? {} : { condition: section.condition }),
    ...(section.sectionGroup === undefined ? {} : { sectionGroup: section.sectionGroup }),
    siteSpaces: siteSpacesOfSection(ctx.state, section).map((s) => serializeSiteSpace(ctx, site, s, role, view)),
    urls: { published: withShareKey(sectionBaseUrl(ctx.state, site, section), view.shareKey) },
    ...(section.icon === undefined ? {} : { icon: section.icon }),
  };
}
