import * as z from 'zod';
import { CreateSiteSpaceBodySchema, MoveSiteSpaceBodySchema, UpdateSiteSpaceBodySchema } from '../../api/schemas/site.js';
import type { EmulatorContext } from '../emulator-context.js';
import { badRequest } from '../emulator-error.js';
import type { DefineRoute } from '../http/define-route.js';
import { pageQuery, queryBoolean } from '../http/input.js';
import { paginate } from '../http/paginate.js';
import { roleAtLeast } from '../roles.js';
import { serializeSiteSpace } from '../serializers/serialize-site-space.js';
import { SiteLayout } from '../state/site-layout.js';
import type { SiteSpaceRecord } from '../state/records.js';
import { slugify } from '../state/revisions.js';
import { deleteSiteSpace, detachSiteSpace, placeRelative, settleSection, settleTopLevel } from '../state/site-structure-edits.js';
import { defaultSectionOf, siblingSiteSpaces, siteSpacesOf, uniquePath } from '../state/site-structure.js';
import {
  ShareKeyQuery,
  SiteParams,
  assertConditionFits,
  assertPathFree,
  bodyRef,
  bodySpace,
  findSiteSpace,
  placementOf,
  readSite,
  resolveShareKey,
  writeSite,
} from './site-route-helpers.js';

const SiteSpaceParams = SiteParams.extend({ siteSpaceId: z.string() });
const SITE_SPACE_URL = '/v1/orgs/:organizationId/sites/:siteId/site-spaces/:siteSpaceId';
const ListQuery = pageQuery.extend(ShareKeyQuery.shape).extend({ default: queryBoolean.optional() });

/**
 * Site spaces: a space published in a site, in a section or at the root (sites without sections).
 * Reads need `read`, writes `create`; the share-key rule of the list is the one of sections. The
 * `default` filter matches the `default` field: the default site space of each section (or the root).
 */
export function siteSpaceRoutes(define: DefineRoute, ctx: EmulatorContext): void {
  define({
    method: 'GET',
    url: '/v1/orgs/:organizationId/sites/:siteId/site-spaces',
    params: SiteParams,
    query: ListQuery,
    handler: ({ params, query, caller }) => {
      const { site, role } = readSite(ctx, caller, params);
      const view = resolveShareKey(ctx, site, query.shareKey, roleAtLeast(role, 'create'));
      const all = siteSpacesOf(ctx.state, site);
      const layout = new SiteLayout(ctx.state, site);
      const wanted = query.default === undefined ? all : all.filter((s) => layout.isDefaultSiteSpace(s) === query.default);
      return paginate(wanted, query, (s) => serializeSiteSpace(ctx, site, s, role, view, layout));
    },
  });

  define({
    method: 'POST',
    url: '/v1/orgs/:organizationId/sites/:siteId/site-spaces',
    params: SiteParams,
    body: CreateSiteSpaceBodySchema,
    status: 201,
    handler: ({ params, body, caller }) => {
      const { site, role } = writeSite(ctx, caller, params, 'add site spaces');
      const space = bodySpace(ctx, site, body.spaceId, 'spaceId');
      // Without a section the space goes to the default section, or to the root when there is none.
      const section =
        body.sectionId === undefined
          ? defaultSectionOf(ctx.state, site)
          : bodyRef(ctx.state.sections, body.sectionId, 'sectionId', 'section of this site', (s) => s.site === site.id);
      const taken = new Set(siblingSiteSpaces(ctx.state, site, section?.id).map((s) => s.path));
      const siteSpace: SiteSpaceRecord = {
        id: ctx.state.newId('sitesp'),
        site: site.id,
        space: space.id,
        path: uniquePath(slugify(space.title), taken),
      };
      if (section) siteSpace.section = section.id;
      const order = section ? settleSection(ctx.state, section) : settleTopLevel(ctx.state, site);
      ctx.state.siteSpaces.set(siteSpace.id, siteSpace);
      order.push(siteSpace.id);
      return serializeSiteSpace(ctx, site, siteSpace, role);
    },
  });

  define({
    method: 'DELETE',
    url: SITE_SPACE_URL,
    params: SiteSpaceParams,
    status: 205,
    handler: ({ params, caller }) => {
      const { site } = writeSite(ctx, caller, params, 'remove site spaces');
      deleteSiteSpace(ctx.state, site, findSiteSpace(ctx, site, params.siteSpaceId));
    },
  });

  define({
    method: 'PATCH',
    url: SITE_SPACE_URL,
    params: SiteSpaceParams,
    body: UpdateSiteSpaceBodySchema,
    handler: ({ params, body, caller }) => {
      const { site, role } = writeSite(ctx, caller, params, 'update site spaces');
      const siteSpace = findSiteSpace(ctx, site, params.siteSpaceId);
      if (body.path !== undefined) assertPathFree(body.path, siblingSiteSpaces(ctx.state, site, siteSpace.section), siteSpace.id);
      assertConditionFits(ctx, body.condition);
      const space = body.spaceId === undefined ? undefined : bodySpace(ctx, site, body.spaceId, 'spaceId');
      if (body.path !== undefined) siteSpace.path = body.path;
      if (space) siteSpace.space = space.id;
      if (body.condition === null) delete siteSpace.condition;
      else if (body.condition !== undefined) siteSpace.condition = body.condition;
      return serializeSiteSpace(ctx, site, siteSpace, role);
    },
  });

  define({
    method: 'POST',
    url: `${SITE_SPACE_URL}/move`,
    params: SiteSpaceParams,
    body: MoveSiteSpaceBodySchema,
    handler: ({ params, body, caller }) => {
      const { site, role } = writeSite(ctx, caller, params, 'move site spaces');
      const siteSpace = findSiteSpace(ctx, site, params.siteSpaceId);
      const placement = placementOf(body.position, (ref) => ref.siteSpace);
      const anchor = bodyRef(ctx.state.siteSpaces, placement.anchor, 'position', 'site space of this site', (s) => s.site === site.id);
      if (anchor.id === siteSpace.id) throw badRequest('Invalid body field "position": a site space cannot move next to itself.');
      // The site space joins the anchor's section (or the root); its path must be free there.
      const sameHome = anchor.section === siteSpace.section;
      if (!sameHome) assertPathFree(siteSpace.path, siblingSiteSpaces(ctx.state, site, anchor.section));
      detachSiteSpace(ctx.state, site, siteSpace, sameHome);
      if (anchor.section === undefined) delete siteSpace.section;
      else siteSpace.section = anchor.section;
      const home = anchor.section === undefined ? undefined : ctx.state.sections.get(anchor.section);
      placeRelative(home ? settleSection(ctx.state, home) : settleTopLevel(ctx.state, site), siteSpace.id, placement);
      return serializeSiteSpace(ctx, site, siteSpace, role);
    },
  });
}
