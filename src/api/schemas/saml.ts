import * as z from 'zod';
import { NullableRoleSchema } from './common.js';

const Label = z.string().min(1).max(30);
const EntityId = z.string().max(1024);
const Certificate = z.string().max(10000);
const SsoUrl = z.url().max(2048);

export const CreateSamlProviderBodySchema = z.object({
  label: Label,
  entityID: EntityId.optional(),
  certificate: Certificate.optional(),
  ssoURL: SsoUrl.optional(),
  /** Team id. */
  defaultTeam: z.string().optional(),
  defaultRole: NullableRoleSchema.optional(),
});

export const UpdateSamlProviderBodySchema = CreateSamlProviderBodySchema.partial();
