import * as z from 'zod';
import { CreateSectionBodySchema, MoveSectionBodySchema, UpdateSectionBodySchema } from '../../api/schemas/site.js';
import type { EmulatorContext } from '../emulator-context.js';
import { badRequest } from '../emulator-error.js';
import type { DefineRoute } from '../http/define-route.js';
import { pageQuery } from '../http/input.js';
import { paginate } from '../http/paginate.js';
import { roleAtLeast } from '../roles.js';
import { serializeSection } from '../serializers/serialize-section.js';
import { SiteLayout } from '../state/site-layout.js';
import type { SectionRecord } from '../state/records.js';
import { slugify } from '../state/revisions.js';
import { attachSection, deleteSection, detachSection } from '../state/site-structure-edits.js';
import { sectionsOf, uniquePath } from '../state/site-structure.js';
import {
  ShareKeyQuery,
  SiteParams,
  assertConditionFits,
  assertPathFree,
  bodyRef,
  bodySpace,
  findSection,
  placementOf,
  readSite,
  resolveShareKey,
  writeSite,
} from './site-route-helpers.js';

const SectionParams = SiteParams.extend({ siteSectionId: z.string() });
const SECTION_URL = '/v1/orgs/:organizationId/sites/:siteId/sections/:siteSectionId';

/**
 * Sections of a site. Reads need `read`, writes `create`. On a share-link site the list needs the
 * key of an active share link, except for callers who may edit the structure (and so could mint a
 * key themselves): a sync must be able to read what it manages.
 */
export function sectionRoutes(define: DefineRoute, ctx: EmulatorContext): void {
  define({
    method: 'GET',
    url: '/v1/orgs/:organizationId/sites/:siteId/sections',
    params: SiteParams,
    query: pageQuery.extend(ShareKeyQuery.shape),
    handler: ({ params, query, caller }) => {
      const { site, role } = readSite(ctx, caller, params);
      const view = resolveShareKey(ctx, site, query.shareKey, roleAtLeast(role, 'create'));
      const layout = new SiteLayout(ctx.state, site);
      return paginate(sectionsOf(ctx.state, site), query, (s) => serializeSection(ctx, site, s, role, view, layout));
    },
  });

  define({
    method: 'POST',
    url: '/v1/orgs/:organizationId/sites/:siteId/sections',
    params: SiteParams,
    body: CreateSectionBodySchema,
    status: 201,
    handler: ({ params, body, caller }) => {
      const { site, role } = writeSite(ctx, caller, params, 'create sections');
      const space = bodySpace(ctx, site, body.spaceId, 'spaceId');
      // Without a title the section is named after its space, kept within the 2-to-128 bound.
      const title = body.title ?? (space.title.length >= 2 ? space.title.slice(0, 128) : 'Section');
      const taken = new Set(sectionsOf(ctx.state, site).map((s) => s.path));
      const section: SectionRecord = {
        id: ctx.state.newId('sitesc'),
        site: site.id,
        title,
        path: uniquePath(slugify(title), taken),
        siteSpaceOrder: [],
      };
      if (typeof body.icon === 'string') section.icon = body.icon;
      ctx.state.sections.set(section.id, section);
      attachSection(ctx.state, site, section, undefined);
      const siteSpaceId = ctx.state.newId('sitesp');
      const path = slugify(space.title).slice(0, 100);
      ctx.state.siteSpaces.set(siteSpaceId, { id: siteSpaceId, site: site.id, section: section.id, space: space.id, path });
      section.siteSpaceOrder.push(siteSpaceId);
      return serializeSection(ctx, site, section, role);
    },
  });

  define({
    method: 'DELETE',
    url: SECTION_URL,
    params: SectionParams,
    status: 205,
    handler: ({ params, caller }) => {
      const { site } = writeSite(ctx, caller, params, 'delete sections');
      deleteSection(ctx.state, site, findSection(ctx, site, params.siteSectionId));
    },
  });

  define({
    method: 'PATCH',
    url: SECTION_URL,
    params: SectionParams,
    body: UpdateSectionBodySchema,
    handler: ({ params, body, caller }) => {
      const { site, role } = writeSite(ctx, caller, params, 'update sections');
      const section = findSection(ctx, site, params.siteSectionId);
      if (body.path !== undefined) assertPathFree(body.path, sectionsOf(ctx.state, site), section.id);
      assertConditionFits(ctx, body.condition);
      // Today's API moves a section between groups here; the seed's document has no such field, so it is ignored there.
      const move = ctx.options.contract === 'current' ? body.siteSectionGroupId : undefined;
      const group =
        typeof move === 'string' ? bodyRef(ctx.state.sectionGroups, move, 'siteSectionGroupId', 'section group of this site', (g) => g.site === site.id) : move;
      if (body.defaultSiteSpace !== undefined) {
        const inSection = (s: { section?: string }) => s.section === section.id;
        bodyRef(ctx.state.siteSpaces, body.defaultSiteSpace, 'defaultSiteSpace', 'site space of this section', inSection);
      }
      if (body.title !== undefined) section.title = body.title;
      if (body.path !== undefined) section.path = body.path;
      if (body.defaultSiteSpace !== undefined) section.defaultSiteSpace = body.defaultSiteSpace;
      // For the nullable fields, omitted leaves them as they are and null removes them.
      if (body.condition === null) delete section.condition;
      else if (body.condition !== undefined) section.condition = body.condition;
      if (body.icon === null) delete section.icon;
      else if (body.icon !== undefined) section.icon = body.icon;
      if (body.description === null) delete section.description;
      else if (body.description !== undefined) section.description = body.description;
      if (group !== undefined && (group?.id ?? undefined) !== section.sectionGroup) {
        const from = section.sectionGroup;
        detachSection(ctx.state, site, section);
        // Out of a group, the section stands right after it, as removeSectionFromGroup placed it.
        attachSection(ctx.state, site, section, group ?? undefined, group === null && from !== undefined ? { anchor: from, where: 'after' } : undefined);
      }
      return serializeSection(ctx, site, section, role);
    },
  });

  define({
    method: 'POST',
    url: `${SECTION_URL}/move`,
    params: SectionParams,
    body: MoveSectionBodySchema,
    handler: ({ params, body, caller }) => {
      const { site, role } = writeSite(ctx, caller, params, 'move sections');
      const section = findSection(ctx, site, params.siteSectionId);
      const placement = placementOf(body.position, (ref) => ref.siteSection);
      const anchor = bodyRef(ctx.state.sections, placement.anchor, 'position', 'section of this site', (s) => s.site === site.id);
      if (anchor.id === section.id) throw badRequest('Invalid body field "position": a section cannot move next to itself.');
      // The section joins the anchor's container: its group, or the top level.
      const group = anchor.sectionGroup === undefined ? undefined : ctx.state.sectionGroups.get(anchor.sectionGroup);
      detachSection(ctx.state, site, section);
      attachSection(ctx.state, site, section, group, placement);
      return serializeSection(ctx, site, section, role);
    },
  });
}
