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
