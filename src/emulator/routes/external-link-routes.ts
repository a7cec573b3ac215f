import * as z from 'zod';
import { CreateExternalLinkBodySchema, UpdateExternalLinkBodySchema } from '../../api/schemas/site.js';
import type { EmulatorContext } from '../emulator-context.js';
import { badRequest } from '../emulator-error.js';
import type { DefineRoute } from '../http/define-route.js';
import { findIn } from '../http/lookup.js';
import { serializeExternalLink } from '../serializers/serialize-external-link.js';
import type { ExternalLinkRecord, SiteRecord } from '../state/records.js';
import { sectionsOf } from '../state/site-structure.js';
import { SiteParams, bodyRef, writeSite } from './site-route-helpers.js';

const LinkParams = SiteParams.extend({ siteExternalLinkId: z.string() });
const LINK_URL = '/v1/orgs/:organizationId/sites/:siteId/external-links/:siteExternalLinkId';

/**
 * External links (today's API): navigation entries that leave the site, at the root of a site with
 * sections or in a section group, never in a section. Writes need `create`; they are read through
 * the site's structure and its groups' `children`.
 */
export function externalLinkRoutes(define: DefineRoute, ctx: EmulatorContext): void {
  define({
    method: 'POST',
    url: '/v1/orgs/:organizationId/sites/:siteId/external-links',
    params: SiteParams,
    body: CreateExternalLinkBodySchema,
    status: 201,
    handler: ({ params, body, caller }) => {
      const { site } = writeSite(ctx, caller, params, 'create external links');
      if (sectionsOf(ctx.state, site).length === 0) {
        throw badRequest('The site has a simple structure: external links need a site with sections.');
      }
      const link: ExternalLinkRecord = { id: ctx.state.newId('sitelk'), site: site.id, title: body.title, url: body.url };
      if (body.parent !== undefined) link.sectionGroup = groupOf(ctx, site, body.parent);
      setOptional(link, body);
      ctx.state.externalLinks.set(link.id, link);
      return serializeExternalLink(link);
    },
  });

  define({
    method: 'PATCH',
    url: LINK_URL,
    params: LinkParams,
    body: UpdateExternalLinkBodySchema,
    handler: ({ params, body, caller }) => {
      const { site } = writeSite(ctx, caller, params, 'update external links');
      const link = findIn(ctx.state.externalLinks, 'External link', params.siteExternalLinkId, (l) => l.site === site.id);
      // Resolve the group first: a 400 must not leave the link half-updated.
      const group = body.parent === undefined || body.parent === null ? body.parent : groupOf(ctx, site, body.parent);
      if (body.title !== undefined) link.title = body.title;
      if (body.url !== undefined) link.url = body.url;
      if (group === null) delete link.sectionGroup;
      else if (group !== undefined) link.sectionGroup = group;
      setOptional(link, body);
      return serializeExternalLink(link);
    },
  });

  define({
    method: 'DELETE',
    url: LINK_URL,
    params: LinkParams,
    // As documented: 205 once deleted, 204 when the link did not exist; 404 is for the site only.
    status: (deleted) => (deleted ? 205 : 204),
    handler: ({ params, caller }): boolean => {
      const { site } = writeSite(ctx, caller, params, 'delete external links');
      const link = ctx.state.externalLinks.get(params.siteExternalLinkId);
      if (link === undefined || link.site !== site.id) return false;
      ctx.state.externalLinks.delete(link.id);
      return true;
    },
  });
}

function groupOf(ctx: EmulatorContext, site: SiteRecord, id: string): string {
  return bodyRef(ctx.state.sectionGroups, id, 'parent', 'section group of this site', (g) => g.site === site.id).id;
}

type Optional = 'description' | 'icon' | 'condition';

/** Omitted leaves a field as it is; null removes it. */
function setOptional(link: ExternalLinkRecord, body: Partial<Record<Optional, string | null | undefined>>): void {
  for (const field of ['description', 'icon', 'condition'] as const) {
    const value = body[field];
    if (value === null) link[field] = undefined;
    else if (value !== undefined) link[field] = value;
  }
}
