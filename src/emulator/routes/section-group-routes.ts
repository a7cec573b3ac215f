import * as z from 'zod';
import { AddSectionToGroupBodySchema, CreateSectionGroupBodySchema, MoveSectionGroupBodySchema, UpdateSectionGroupBodySchema } from '../../api/schemas/site.js';
import type { EmulatorContext } from '../emulator-context.js';
import { EmulatorError, badRequest } from '../emulator-error.js';
import type { DefineRoute } from '../http/define-route.js';
import { pageQuery } from '../http/input.js';
import { paginate } from '../http/paginate.js';
import { serializeSectionGroup } from '../serializers/serialize-section-group.js';
import { SiteLayout } from '../state/site-layout.js';
import type { SectionGroupRecord, SiteRecord } from '../state/records.js';
import { attachSection, deleteSectionGroup, detachSection, placeRelative, settleTopLevel } from '../state/site-structure-edits.js';
import { sectionGroupsOf } from '../state/site-structure.js';
import { SiteParams, bodyRef, findSection, findSectionGroup, placementOf, readSite, writeSite } from './site-route-helpers.js';

const GroupParams = SiteParams.extend({ siteSectionGroupId: z.string() });
const GROUP_URL = '/v1/orgs/:organizationId/sites/:siteId/section-groups/:siteSectionGroupId';

/**
 * Section groups: a titled run of sections at the top level of a site. Reads need `read`, writes
 * `create`. A section is in at most one group; taking it out puts it back at the top level.
 */
export function sectionGroupRoutes(define: DefineRoute, ctx: EmulatorContext): void {
  define({
    method: 'GET',
    url: '/v1/orgs/:organizationId/sites/:siteId/section-groups',
    params: SiteParams,
    query: pageQuery,
    handler: ({ params, query, caller }) => {
      const { site, role } = readSite(ctx, caller, params);
      const layout = new SiteLayout(ctx.state, site);
      return paginate(sectionGroupsOf(ctx.state, site), query, (g) => serializeSectionGroup(ctx, site, g, role, {}, layout));
    },
  });

  define({
    method: 'POST',
    url: '/v1/orgs/:organizationId/sites/:siteId/section-groups',
    params: SiteParams,
    body: CreateSectionGroupBodySchema,
    status: 201,
    handler: ({ params, body, caller }) => {
      const { site, role } = writeSite(ctx, caller, params, 'create section groups');
      const ids = body.sections ?? [];
      if (new Set(ids).size !== ids.length) throw badRequest('Invalid body field "sections": a section is listed twice.');
      const sections = ids.map((id, i) => bodyRef(ctx.state.sections, id, `sections.${i}`, 'section of this site', (s) => s.site === site.id));
      const group: SectionGroupRecord = { id: ctx.state.newId('sitesg'), site: site.id, title: body.title, sections: [] };
      if (typeof body.icon === 'string') group.icon = body.icon;
      // The group takes the place of its first section, or goes last when it starts empty.
      const order = settleTopLevel(ctx.state, site);
      const first = sections[0];
      const anchor = first === undefined ? undefined : topLevelEntryOf(ctx, first.sectionGroup, first.id);
      if (anchor === undefined) order.push(group.id);
      else placeRelative(order, group.id, { anchor, where: 'before' });
      ctx.state.sectionGroups.set(group.id, group);
      for (const section of sections) {
        detachSection(ctx.state, site, section);
        attachSection(ctx.state, site, section, group);
      }
      return serializeSectionGroup(ctx, site, group, role);
    },
  });

  define({
    method: 'DELETE',
    url: GROUP_URL,
    params: GroupParams,
    status: 205,
    handler: ({ params, caller }) => {
      const { site } = writeSite(ctx, caller, params, 'delete section groups');
      deleteSectionGroup(ctx.state, site, findSectionGroup(ctx, site, params.siteSectionGroupId));
    },
  });

  define({
    method: 'PATCH',
    url: GROUP_URL,
    params: GroupParams,
    body: UpdateSectionGroupBodySchema,
    handler: ({ params, body, caller }) => {
      const { site, role } = writeSite(ctx, caller, params, 'update section groups');
      const group = findSectionGroup(ctx, site, params.siteSectionGroupId);
      if (body.title !== undefined) group.title = body.title;
      if (body.icon !== undefined) group.icon = body.icon;
      return serializeSectionGroup(ctx, site, group, role);
    },
  });

  define({
    method: 'POST',
    url: `${GROUP_URL}/sections`,
    params: GroupParams,
    body: AddSectionToGroupBodySchema,
    status: 201,
    handler: ({ params, body, caller }) => {
      const { site, role } = writeSite(ctx, caller, params, 'change section groups');
      const group = findSectionGroup(ctx, site, params.siteSectionGroupId);
      const section = bodyRef(ctx.state.sections, body.sectionId, 'sectionId', 'section of this site', (s) => s.site === site.id);
      // Adding a section already in the group changes nothing, so clients may retry it.
      if (section.sectionGroup !== group.id) {
        detachSection(ctx.state, site, section);
        attachSection(ctx.state, site, section, group);
      }
      return serializeSectionGroup(ctx, site, group, role);
    },
  });

  define({
    method: 'DELETE',
    url: `${GROUP_URL}/sections/:siteSectionId`,
    params: GroupParams.extend({ siteSectionId: z.string() }),
    status: 205,
    handler: ({ params, caller }) => {
      const { site } = writeSite(ctx, caller, params, 'change section groups');
      const group = findSectionGroup(ctx, site, params.siteSectionGroupId);
      const section = findSection(ctx, site, params.siteSectionId);
      if (section.sectionGroup !== group.id) throw new EmulatorError(404, `Site section "${section.id}" is not in group "${group.id}".`);
      detachSection(ctx.state, site, section);
      attachSection(ctx.state, site, section, undefined, { anchor: group.id, where: 'after' });
    },
  });

  define({
    method: 'POST',
    url: `${GROUP_URL}/move`,
    params: GroupParams,
    body: MoveSectionGroupBodySchema,
    handler: ({ params, body, caller }) => {
      const { site, role } = writeSite(ctx, caller, params, 'move section groups');
      const group = findSectionGroup(ctx, site, params.siteSectionGroupId);
      const placement = placementOf(body.position, (ref) => ref.id);
      placement.anchor = anchorEntry(ctx, site, placement.anchor);
      if (placement.anchor === group.id) throw badRequest('Invalid body field "position": a group cannot move next to itself.');
      placeRelative(settleTopLevel(ctx.state, site), group.id, placement);
      return serializeSectionGroup(ctx, site, group, role);
    },
  });
}

/** The top-level entry holding a section: its group, or the section itself. */
function topLevelEntryOf(ctx: EmulatorContext, sectionGroup: string | undefined, sectionId: string): string | undefined {
  if (sectionGroup === undefined) return sectionId;
  return ctx.state.sectionGroups.has(sectionGroup) ? sectionGroup : undefined;
}

/** A move anchor names a section (or a group); a grouped section anchors at its group. */
function anchorEntry(ctx: EmulatorContext, site: SiteRecord, id: string): string {
  if (ctx.state.sectionGroups.get(id)?.site === site.id) return id;
  const section = bodyRef(ctx.state.sections, id, 'position', 'section of this site', (s) => s.site === site.id);
  return topLevelEntryOf(ctx, section.sectionGroup, section.id) ?? section.id;
}
