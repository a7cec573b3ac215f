import * as z from 'zod';
import { NullableRoleSchema } from './common.js';

const OrgTitle = z.string().min(2).max(255);
const OrgHostname = z.string().min(3).max(32);

/**
 * An organization. docsync only lists organizations (to check the token reaches the API), so beyond
 * the identity every field (plan, billing with its nullable dates, trial, …) passes through unchecked.
 */
export const OrganizationSchema = z.looseObject({
  object: z.literal('organization'),
  id: z.string(),
  title: z.string(),
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
