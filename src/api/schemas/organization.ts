import { z } from 'zod';
import { DateTime, NullableRoleSchema, permissionsSchema } from './common.js';

const OrgTitle = z.string().min(2).max(255);
const OrgHostname = z.string().min(3).max(32);

export const OrganizationSchema = z.looseObject({
  object: z.literal('organization'),
  id: z.string(),
  title: OrgTitle,
  createdAt: DateTime,
  emailDomains: z.array(z.string()),
  /** Default public host label. */
  hostname: OrgHostname.optional(),
  // The value sets of type, useCase, communityType and plan are not shown in full.
  type: z.string(),
  useCase: z.string().optional(),
  communityType: z.string().optional(),
  defaultRole: NullableRoleSchema.optional(),
  /** `site` is the only type shown. */
  defaultContent: z.looseObject({ type: z.string(), site: z.string().optional() }).optional(),
  /** SSO enforced organization-wide. */
  sso: z.boolean().optional(),
  ai: z.boolean().optional(),
  inviteLinks: z.boolean(),
  plan: z.string(),
  billing: z
    .looseObject({
      interval: z.string().optional(),
      endDate: DateTime.optional(),
      hasPaymentFailed: z.boolean().optional(),
      isScheduledToCancel: z.boolean().optional(),
    })
    .optional(),
  urls: z.looseObject({ location: z.string(), app: z.string(), logo: z.string().optional() }).optional(),
  trial: z
    .looseObject({ status: z.string(), endDate: DateTime.optional(), decision: z.string().optional() })
    .optional(),
  customHostname: z.string().optional(),
  blocked: z.looseObject({ reason: z.string() }).optional(),
  /** Deprecated; always true. */
  internal_isOnNewTrial: z.literal(true).optional(),
  internal_billingMigration: z
    .looseObject({
      deadline: DateTime.optional(),
      discountPercent: z.number().optional(),
      discountEndDate: DateTime.optional(),
    })
    .optional(),
  permissions: permissionsSchema([
    'view',
    'admin',
    'ownTeam',
    'createContent',
    'createOpenAPISpec',
    'ingestConversations',
    'viewBilling',
    'listMembers',
    'listTeams',
    'listIntegrations',
  ] as const).optional(),
});
export type Organization = z.infer<typeof OrganizationSchema>;

export const UpdateOrganizationBodySchema = z.object({
  title: OrgTitle.optional(),
  emailDomains: z.array(z.string()).optional(),
  hostname: OrgHostname.optional(),
  defaultRole: NullableRoleSchema.optional(),
  defaultContent: z.object({ type: z.string(), site: z.string().optional() }).nullable().optional(),
  logo: z.url().max(2048).nullable().optional(),
  sso: z.boolean().optional(),
  ai: z.boolean().optional(),
  inviteLinks: z.boolean().optional(),
});
export type UpdateOrganizationBody = z.infer<typeof UpdateOrganizationBodySchema>;

/** Response of `GET /v1/email-domains/{emailDomain}/orgs`. */
export const EmailDomainOrgsSchema = z.looseObject({ organizations: z.array(OrganizationSchema) });
export type EmailDomainOrgs = z.infer<typeof EmailDomainOrgsSchema>;

/** Response of `POST O/ping`: an optional token to attach to the user (its shape is not shown). */
export const PingResultSchema = z.looseObject({ serviceVisitorClaims: z.unknown().optional() });
export type PingResult = z.infer<typeof PingResultSchema>;
