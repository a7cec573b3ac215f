import * as z from 'zod';
import { DateTime, permissionsSchema } from './common.js';

export const TeamMemberRoleSchema = z.enum(['owner', 'member']);
export type TeamMemberRole = z.infer<typeof TeamMemberRoleSchema>;

const TeamTitle = z.string().min(1).max(64);

/** Only `object` and `id` are always present; the rest come in full responses. */
export const TeamSchema = z.looseObject({
  object: z.literal('team'),
  id: z.string(),
  title: TeamTitle.optional(),
  members: z.number().optional(),
  spaces: z.number().optional(),
  createdAt: DateTime.optional(),
  permissions: permissionsSchema(['admin', 'view'] as const).optional(),
});
export type Team = z.infer<typeof TeamSchema>;

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
