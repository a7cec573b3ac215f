import type { EmulatorContext } from '../emulator-context.js';
import type { MemberRole } from '../roles.js';
import type { SectionGroupRecord, SiteRecord } from '../state/records.js';
import { sectionsOfGroup } from '../state/site-structure.js';
import { serializeSection } from './serialize-section.js';

export function serializeSectionGroup(ctx: EmulatorContext, site: SiteRecord, group: SectionGroupRecord, role: MemberRole) {
  return {
    object: 'site-section-group' as const,
    id: group.id,
    title: group.title,
    ...(group.icon === undefined ? {} : { icon: group.icon }),
    sections: sectionsOfGroup(ctx.state, group).map((s) => serializeSection(ctx, site, s, role)),
  };
}
