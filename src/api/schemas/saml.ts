import * as z from 'zod';
import { DateTime, LocationUrlsSchema, NullableRoleSchema } from './common.js';
import { TeamSchema } from './team.js';

const Label = z.string().min(1).max(30);
const EntityId = z.string().max(1024);
const Certificate = z.string().max(10000);
const SsoUrl = z.url().max(2048);

export const SamlProviderSchema = z.looseObject({
  object: z.literal('saml-provider'),
  id: z.string(),
  label: Label,
  // Only `label` is required on creation, so the IdP settings may be absent.
  ssoURL: SsoUrl.optional(),
  entityID: EntityId.optional(),
  certificate: Certificate.optional(),
  defaultTeam: TeamSchema.optional(),
  defaultRole: NullableRoleSchema.optional(),
  createdAt: DateTime,
  /** Only `active` is shown. */
  status: z.string(),
  service: z.looseObject({ acsURL: z.string(), startURL: z.string(), entityID: z.string() }),
  urls: LocationUrlsSchema,
});
export type SamlProvider = z.infer<typeof SamlProviderSchema>;

export const SsoLoginInfoSchema = z.looseObject({ id: z.string(), label: z.string(), startURL: z.string() });
export type SsoLoginInfo = z.infer<typeof SsoLoginInfoSchema>;

/** Response of `GET O/sso` (no paging fields). */
export const SsoListSchema = z.looseObject({ items: z.array(SsoLoginInfoSchema) });
export type SsoList = z.infer<typeof SsoListSchema>;

export const CreateSamlProviderBodySchema = z.object({
  label: Label,
  entityID: EntityId.optional(),
  certificate: Certificate.optional(),
  ssoURL: SsoUrl.optional(),
  /** Team id. */
  defaultTeam: z.string().optional(),
  defaultRole: NullableRoleSchema.optional(),
});
export type CreateSamlProviderBody = z.infer<typeof CreateSamlProviderBodySchema>;

export const UpdateSamlProviderBodySchema = CreateSamlProviderBodySchema.partial();
export type UpdateSamlProviderBody = z.infer<typeof UpdateSamlProviderBodySchema>;
