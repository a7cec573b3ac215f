import * as z from 'zod';
import { CreateShareLinkBodySchema, UpdateShareLinkBodySchema } from '../../api/schemas/site.js';
import type { EmulatorContext } from '../emulator-context.js';
import type { DefineRoute } from '../http/define-route.js';
import { pageQuery } from '../http/input.js';
import { findIn } from '../http/lookup.js';
import { paginate } from '../http/paginate.js';
import { serializeShareLink } from '../serializers/serialize-share-link.js';
import type { ShareLinkRecord } from '../state/records.js';
import { SiteParams, readSite, writeSite } from './site-route-helpers.js';

const LinkParams = SiteParams.extend({ shareLinkId: z.string() });
const LINK_URL = '/v1/orgs/:organizationId/sites/:siteId/share-links/:shareLinkId';

/**
 * Share links: each holds a secret key that opens the published views of a `share-link` site while
 * the link is active. Listing needs `read`, the rest `create`. The key is never seeded.
 */
export function shareLinkRoutes(define: DefineRoute, ctx: EmulatorContext): void {
  define({
    method: 'GET',
    url: '/v1/orgs/:organizationId/sites/:siteId/share-links',
    params: SiteParams,
    query: pageQuery,
    handler: ({ params, query, caller }) => {
      const { site } = readSite(ctx, caller, params);
      const links = [...ctx.state.shareLinks.values()].filter((link) => link.site === site.id);
      return paginate(links, query, (link) => serializeShareLink(site, link));
    },
  });

  define({
    method: 'POST',
    url: '/v1/orgs/:organizationId/sites/:siteId/share-links',
    params: SiteParams,
    body: CreateShareLinkBodySchema,
    status: 201,
    handler: ({ params, body, caller }) => {
      const { site } = writeSite(ctx, caller, params, 'create share links');
      const link: ShareLinkRecord = {
        id: ctx.state.newId('share'),
        site: site.id,
        name: body.name,
        active: true,
        key: ctx.state.newSecret(),
        createdAt: ctx.state.timestamp(),
      };
      ctx.state.shareLinks.set(link.id, link);
      return serializeShareLink(site, link);
    },
  });

  define({
    method: 'DELETE',
    url: LINK_URL,
    params: LinkParams,
    status: 205,
    handler: ({ params, caller }) => {
      const { site } = writeSite(ctx, caller, params, 'delete share links');
      findIn(ctx.state.shareLinks, 'Share link', params.shareLinkId, (link) => link.site === site.id);
      ctx.state.shareLinks.delete(params.shareLinkId);
    },
  });

  define({
    method: 'PATCH',
    url: LINK_URL,
    params: LinkParams,
    body: UpdateShareLinkBodySchema,
    handler: ({ params, body, caller }) => {
      const { site } = writeSite(ctx, caller, params, 'update share links');
      const link = findIn(ctx.state.shareLinks, 'Share link', params.shareLinkId, (l) => l.site === site.id);
      if (body.active !== undefined) link.active = body.active;
      if (body.name !== undefined) link.name = body.name;
      return serializeShareLink(site, link);
    },
  });
}
