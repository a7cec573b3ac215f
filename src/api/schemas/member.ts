import { z } from 'zod';
import { DateTime, NullableRoleSchema, RoleSchema, UserSchema } from './common.js';
import { SpaceSchema } from './space.js';
// member.ts and team.ts import each other; the cross references are getters so that neither
// module reads the other's bindings while it is being evaluated.
import { TeamMemberRoleSchema, TeamSchema } from './team.js';

export const MemberSchema = z.looseObject({
  object: z.literal('member'),
  id: z.string(),
  role: NullableRoleSchema,
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
export type UpdateMemberBody = z.infer<typeof UpdateMemberBodySchema>;

/** Item of `GET O/members/{userId}/spaces`. */
export const MemberSpaceSchema = z.looseObject({ permission: RoleSchema, space: SpaceSchema });
export type MemberSpace = z.infer<typeof MemberSpaceSchema>;

/** Item of `GET O/members/{userId}/teams`. */
export const MemberTeamSchema = z.looseObject({
  get team() {
    return TeamSchema;
  },
  get member() {
    return z.looseObject({ role: TeamMemberRoleSchema });
  },
});
export type MemberTeam = z.infer<typeof MemberTeamSchema>;
