import * as z from 'zod';

export const TeamMemberRoleSchema = z.enum(['owner', 'member']);
export type TeamMemberRole = z.infer<typeof TeamMemberRoleSchema>;

const TeamTitle = z.string().min(1).max(64);

export const CreateTeamBodySchema = z.object({
  title: TeamTitle,
  /** Member ids. */
  members: z.array(z.string()).optional(),
});

export const UpdateTeamBodySchema = z.object({ title: TeamTitle });

/** Entries are user ids or e-mail addresses; a user in both `add` and `remove` is removed. */
export const BulkTeamMembersBodySchema = z.object({
  add: z.array(z.string()).optional(),
  remove: z.array(z.string()).optional(),
  memberships: z.record(z.string(), z.object({ role: TeamMemberRoleSchema })).optional(),
});

export const PutTeamMemberBodySchema = z.object({ role: TeamMemberRoleSchema.optional() });
