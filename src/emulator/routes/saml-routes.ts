import * as z from 'zod';
import { CreateSamlProviderBodySchema, UpdateSamlProviderBodySchema } from '../../api/schemas/saml.js';
import type { EmulatorContext } from '../emulator-context.js';
import { badRequest } from '../emulator-error.js';
import type { DefineRoute } from '../http/define-route.js';
import { pageQuery } from '../http/input.js';
import { findIn, findOrganization } from '../http/lookup.js';
import { paginate } from '../http/paginate.js';
import type { SamlProviderRecord } from '../state/records.js';
import { samlServiceUrls, serializeSamlProvider } from '../serializers/serialize-saml-provider.js';

/**
 * SAML providers and SSO login infos. Role rules: everything under `O/saml` needs `admin` (the
 * configuration holds the IdP certificate); `O/sso`, the login choices, needs `read`.
 */

const OrgParams = z.object({ organizationId: z.string() });
const ProviderParams = OrgParams.extend({ samlProviderId: z.string() });

function checkDefaultTeam(ctx: EmulatorContext, organization: string, teamId: string | undefined): void {
  if (teamId === undefined) return;
  if (ctx.state.teams.get(teamId)?.organization !== organization) {
    throw badRequest(`Invalid body field "defaultTeam": team "${teamId}" is not a team of the organization.`);
  }
}

export function samlRoutes(define: DefineRoute, ctx: EmulatorContext): void {
  const admin = (caller: Parameters<typeof findOrganization>[1], organization: string, action: string) =>
    findOrganization(ctx, caller, organization, { needs: 'admin', action });
  const findProvider = (organization: string, id: string) => findIn(ctx.state.samlProviders, 'SAML provider', id, (p) => p.organization === organization);

  define({
    method: 'GET',
    url: '/v1/orgs/:organizationId/saml',
    params: OrgParams,
    query: pageQuery,
    handler: ({ params, query, caller }) => {
      const { role } = admin(caller, params.organizationId, 'list SAML providers');
      const providers = [...ctx.state.samlProviders.values()].filter((p) => p.organization === params.organizationId);
      return paginate(providers, query, (p) => serializeSamlProvider(ctx, p, role, caller.user.id));
    },
  });

  define({
    method: 'POST',
    url: '/v1/orgs/:organizationId/saml',
    params: OrgParams,
    body: CreateSamlProviderBodySchema,
    status: 201,
    handler: ({ params, body, caller }) => {
      const { org, role } = admin(caller, params.organizationId, 'create SAML providers');
      checkDefaultTeam(ctx, params.organizationId, body.defaultTeam);
      const id = ctx.state.newId('saml');
      const provider: SamlProviderRecord = {
        id,
        organization: params.organizationId,
        label: body.label,
        ...(body.entityID === undefined ? {} : { entityID: body.entityID }),
        ...(body.certificate === undefined ? {} : { certificate: body.certificate }),
        ...(body.ssoURL === undefined ? {} : { ssoURL: body.ssoURL }),
        ...(body.defaultTeam === undefined ? {} : { defaultTeam: body.defaultTeam }),
        // Users signing in through SSO get the organization's default role unless told otherwise.
        defaultRole: body.defaultRole === undefined ? org.defaultRole : body.defaultRole,
        createdAt: ctx.state.timestamp(),
      };
      ctx.state.samlProviders.set(id, provider);
      return serializeSamlProvider(ctx, provider, role, caller.user.id);
    },
  });

  define({
    method: 'GET',
    url: '/v1/orgs/:organizationId/saml/:samlProviderId',
    params: ProviderParams,
    handler: ({ params, caller }) => {
      const { role } = admin(caller, params.organizationId, 'read SAML providers');
      return serializeSamlProvider(ctx, findProvider(params.organizationId, params.samlProviderId), role, caller.user.id);
    },
  });

  define({
    method: 'PATCH',
    url: '/v1/orgs/:organizationId/saml/:samlProviderId',
    params: ProviderParams,
    body: UpdateSamlProviderBodySchema,
    handler: ({ params, body, caller }) => {
      const { role } = admin(caller, params.organizationId, 'update SAML providers');
      const provider = findProvider(params.organizationId, params.samlProviderId);
      checkDefaultTeam(ctx, params.organizationId, body.defaultTeam);
      if (body.label !== undefined) provider.label = body.label;
      if (body.entityID !== undefined) provider.entityID = body.entityID;
      if (body.certificate !== undefined) provider.certificate = body.certificate;
      if (body.ssoURL !== undefined) provider.ssoURL = body.ssoURL;
      if (body.defaultTeam !== undefined) provider.defaultTeam = body.defaultTeam;
      if (body.defaultRole !== undefined) provider.defaultRole = body.defaultRole;
      return serializeSamlProvider(ctx, provider, role, caller.user.id);
    },
  });

  define({
    method: 'DELETE',
    url: '/v1/orgs/:organizationId/saml/:samlProviderId',
    params: ProviderParams,
    status: 204,
    handler: ({ params, caller }) => {
      admin(caller, params.organizationId, 'delete SAML providers');
      ctx.state.samlProviders.delete(findProvider(params.organizationId, params.samlProviderId).id);
    },
  });

  define({
    method: 'GET',
    url: '/v1/orgs/:organizationId/sso',
    params: OrgParams,
    handler: ({ params, caller }) => {
      findOrganization(ctx, caller, params.organizationId, { needs: 'read', action: 'list SSO logins' });
      const items = [...ctx.state.samlProviders.values()]
        .filter((p) => p.organization === params.organizationId)
        .map((p) => ({ id: p.id, label: p.label, startURL: samlServiceUrls(ctx, p).startURL }));
      return { items };
    },
  });
}
