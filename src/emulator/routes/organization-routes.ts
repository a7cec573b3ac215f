import * as z from 'zod';
import { UpdateOrganizationBodySchema } from '../../api/schemas/organization.js';
import type { EmulatorContext } from '../emulator-context.js';
import type { DefineRoute } from '../http/define-route.js';
import { pageQuery } from '../http/input.js';
import { findIn, findOrganization } from '../http/lookup.js';
import { paginate } from '../http/paginate.js';
import { memberKey } from '../state/emulator-state.js';
import { serializeOrganization } from '../serializers/serialize-organization.js';

const OrgParams = z.object({ organizationId: z.string() });

/** Organizations: list, read, update, link invites, ping, lookup by e-mail domain. */
export function organizationRoutes(define: DefineRoute, ctx: EmulatorContext): void {
  define({
    method: 'GET',
    url: '/v1/orgs',
    query: pageQuery,
    handler: ({ query, caller }) => {
      const mine = [...ctx.state.organizations.values()].filter((org) => caller.roleIn(org.id) !== undefined);
      return paginate(mine, query, (org) => serializeOrganization(ctx, org, caller.roleIn(org.id) ?? null));
    },
  });

  define({
    method: 'GET',
    url: '/v1/orgs/:organizationId',
    params: OrgParams,
    handler: ({ params, caller }) => {
      const { org, role } = findOrganization(ctx, caller, params.organizationId);
      return serializeOrganization(ctx, org, role);
    },
  });

  define({
    method: 'PATCH',
    url: '/v1/orgs/:organizationId',
    params: OrgParams,
    body: UpdateOrganizationBodySchema,
    handler: ({ params, body, caller }) => {
      const { org, role } = findOrganization(ctx, caller, params.organizationId, {
        needs: 'admin',
        action: 'update the organization',
      });
      if (body.title !== undefined) org.title = body.title;
      if (body.emailDomains !== undefined) org.emailDomains = body.emailDomains;
      if (body.hostname !== undefined) org.hostname = body.hostname;
      if (body.defaultRole !== undefined) org.defaultRole = body.defaultRole;
      if (body.defaultContent !== undefined) {
        org.defaultContent = body.defaultContent === null ? null : { type: body.defaultContent.type, site: body.defaultContent.site ?? '' };
      }
      if (body.logo !== undefined) org.logo = body.logo;
      if (body.sso !== undefined) org.sso = body.sso;
      if (body.ai !== undefined) org.ai = body.ai;
      if (body.inviteLinks !== undefined) org.inviteLinks = body.inviteLinks;
      return serializeOrganization(ctx, org, role);
    },
  });

  define({
    method: 'DELETE',
    url: '/v1/orgs/:organizationId/link-invites/:inviteId',
    params: OrgParams.extend({ inviteId: z.string() }),
    status: 205,
    handler: ({ params, caller }) => {
      findOrganization(ctx, caller, params.organizationId, { needs: 'admin', action: 'delete invite links' });
      findIn(ctx.state.linkInvites, 'Invite link', params.inviteId, (i) => i.organization === params.organizationId);
      ctx.state.linkInvites.delete(params.inviteId);
    },
  });

  define({
    method: 'POST',
    url: '/v1/orgs/:organizationId/ping',
    params: OrgParams,
    handler: ({ params, caller }) => {
      findOrganization(ctx, caller, params.organizationId);
      const member = ctx.state.members.get(memberKey(params.organizationId, caller.user.id));
      if (member) member.lastSeenAt = ctx.state.timestamp();
      return {};
    },
  });

  define({
    method: 'GET',
    url: '/v1/email-domains/:emailDomain/orgs',
    params: z.object({ emailDomain: z.string().min(1) }),
    handler: ({ params, caller }) => {
      const domain = params.emailDomain.toLowerCase();
      const organizations = [...ctx.state.organizations.values()]
        .filter((org) => org.emailDomains.some((d) => d.toLowerCase() === domain))
        .map((org) => serializeOrganization(ctx, org, caller.roleIn(org.id) ?? null));
      return { organizations };
    },
  });
}
