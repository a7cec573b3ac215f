import type { EmulatorContext } from '../emulator-context.js';
import type { OrganizationRecord } from '../state/records.js';
import type { MemberRole } from '../roles.js';
import { organizationPermissions } from '../permissions.js';
import { APP_ORIGIN } from './serialize-space.js';

export function serializeOrganization(ctx: EmulatorContext, org: OrganizationRecord, role: MemberRole) {
  return {
    // Today's API: merge rules are not emulated, so change requests merge without review.
    ...(ctx.options.contract === 'current' ? { mergeRules: { type: 'none' as const } } : {}),
    object: 'organization' as const,
    id: org.id,
    title: org.title,
    createdAt: org.createdAt,
    emailDomains: org.emailDomains,
    ...(org.hostname === undefined ? {} : { hostname: org.hostname }),
    type: org.type,
    defaultRole: org.defaultRole,
    ...(org.defaultContent === null ? {} : { defaultContent: org.defaultContent }),
    sso: org.sso,
    ai: org.ai,
    inviteLinks: org.inviteLinks,
    plan: org.plan,
    urls: {
      location: `${ctx.baseUrl()}/v1/orgs/${org.id}`,
      app: `${APP_ORIGIN}/o/${org.id}`,
      ...(org.logo === null ? {} : { logo: org.logo }),
    },
    trial: { status: 'notapplicable', count: 0 },
    internal_isOnNewTrial: true as const,
    permissions: organizationPermissions(role),
  };
}
