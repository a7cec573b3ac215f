import * as z from 'zod';
import { DateTime, NullableRoleSchema, RoleSchema, UserSchema, openEnum } from './common.js';

export const MemberSchema = z.looseObject({
  object: z.literal('member'),
  id: z.string(),
  role: openEnum(RoleSchema).nullable(),
  user: UserSchema,
  disabled: z.boolean(),
  joinedAt: DateTime,
  // Absent for a member who has never been seen.
  lastSeenAt: DateTime.optional(),
  sso: z.boolean(),
  spaces: z.number(),
  teams: z.number(),
});
export type Member = z.infer<typeof MemberSchema>;

export const UpdateMemberBodySchema = z.object({ role: NullableRoleSchema });
