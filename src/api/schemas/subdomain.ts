import * as z from 'zod';

export const SUBDOMAIN_PATTERN = /^[a-z0-9][a-z0-9-]{1,30}[a-z0-9]$/;

export const SubdomainSchema = z.looseObject({
  /** An enumeration whose values are not shown. */
  object: z.string(),
  subdomain: z.string().min(3).max(32).regex(SUBDOMAIN_PATTERN),
  /** `organization` is the only type shown. */
  target: z.looseObject({ type: z.string(), organization: z.string().optional() }),
  isActive: z.boolean(),
});
export type Subdomain = z.infer<typeof SubdomainSchema>;
