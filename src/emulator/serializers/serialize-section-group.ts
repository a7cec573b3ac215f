import type { EmulatorContext } from '../emulator-context.js';
import type { MemberRole } from '../roles.js';
import type { SectionGroupRecord, SiteRecord } from '../state/records.js';
import { SiteLayout } from '../state/site-layout.js';
import { serializeExternalLink } from './serialize-external-link.js';
import { serializeSection } from './serialize-section.js';
import type { PublishedView } from './site-urls.js';

export function serializeSectionGroup(
  ctx: EmulatorContext,
  site: SiteRecord,
  group: SectionGroupRecord,
  role: MemberRole,
  view: PublishedView = {},
  layout: SiteLayout = new SiteLayout(ctx.state, site),
) {
  const sections = layout.sectionsOfGroup(group).map((s) => serializeSection(ctx, site, s, role, view, layout));
  return {
    object: 'site-section-group' as const,
    id: group.id,
    title: group.title,
    ...(group.icon === undefined ? {} : { icon: group.icon }),
    sections,
    // Today's API lists every member as `children`: its sections, then its external links (the emulator nests no groups).
    ...(ctx.options.contract === 'current' ? { draft: false, children: [...sections, ...layout.externalLinksOf(group.id).map(serializeExternalLink)] } : {}),
  };
}
