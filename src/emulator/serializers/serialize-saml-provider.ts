import type { EmulatorContext } from '../emulator-context.js';
import type { SamlProviderRecord } from '../state/records.js';
import type { MemberRole } from '../roles.js';
import { serializeTeam } from './serialize-team.js';

/** The URLs the identity provider is configured with; they point at the emulator itself. */
export function samlServiceUrls(ctx: EmulatorContext, provider: SamlProviderRecord) {
  const base = `${ctx.baseUrl()}/sso/saml/${provider.id}`;
  return { acsURL: `${base}/acs`, startURL: `${base}/start`, entityID: base };
}

export function serializeSamlProvider(ctx: EmulatorContext, provider: SamlProviderRecord, role: MemberRole, callerId: string) {
  const team = provider.defaultTeam === undefined ? undefined : ctx.state.teams.get(provider.defaultTeam);
  return {
    object: 'saml-provider' as const,
    id: provider.id,
    label: provider.label,
    ...(provider.ssoURL === undefined ? {} : { ssoURL: provider.ssoURL }),
    ...(provider.entityID === undefined ? {} : { entityID: provider.entityID }),
    ...(provider.certificate === undefined ? {} : { certificate: provider.certificate }),
    ...(team === undefined ? {} : { defaultTeam: serializeTeam(ctx, team, role, callerId) }),
    defaultRole: provider.defaultRole,
    createdAt: provider.createdAt,
    status: 'active',
    service: samlServiceUrls(ctx, provider),
    urls: { location: `${ctx.baseUrl()}/v1/orgs/${provider.organization}/saml/${provider.id}` },
  };
}
