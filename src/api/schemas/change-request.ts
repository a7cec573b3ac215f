import * as z from 'zod';
import { DateTime, UserSchema, openEnum } from './common.js';

export const ChangeRequestStatusSchema = z.enum(['draft', 'open', 'archived', 'merged']);
export type ChangeRequestStatus = z.infer<typeof ChangeRequestStatusSchema>;

const Subject = z.string().max(100);

export const ChangeRequestSchema = z.looseObject({
  object: z.literal('change-request'),
  id: z.string(),
  /** Incremental identifier within the space. */
  number: z.number(),
  status: openEnum(ChangeRequestStatusSchema),
  // Optional: a change request may be created without a subject.
  subject: Subject.optional(),
  createdBy: UserSchema,
  createdAt: DateTime,
  updatedAt: DateTime,
  /** Id of the active revision. */
  revision: z.string(),
  /** Id of the space revision it was created from. */
  revisionInitial: z.string(),
  revisionMergedAncestor: z.string().optional(),
  revisionMerged: z.string().optional(),
  /** Today's API: who merged it, once merged. */
  mergedBy: UserSchema.optional(),
  /** Count of open comments. */
  comments: z.number(),
  outdated: z.boolean(),
  urls: z.looseObject({ app: z.string(), location: z.string() }),
});
export type ChangeRequest = z.infer<typeof ChangeRequestSchema>;

export const RequestedReviewerSchema = z.looseObject({
  object: z.literal('change-request-requested-reviewer'),
  revision: z.string(),
  requestedBy: UserSchema,
  createdAt: DateTime,
  /** Only `user` is shown. */
  kind: z.string(),
  // Only meaningful for kind `user`; other kinds are not shown.
  user: UserSchema.optional(),
});

/** Response of `POST CR/requested-reviewers`; the API's document makes `users` optional. */
export const RequestReviewersResultSchema = z.looseObject({ users: z.array(RequestedReviewerSchema).optional() });
export type RequestReviewersResult = z.infer<typeof RequestReviewersResultSchema>;

/** `conflicts`: nothing was merged; the change request stays open. */
export const MergeResultSchema = z.looseObject({ revision: z.string(), result: openEnum(z.enum(['merge', 'conflicts'])) });
export type MergeResult = z.infer<typeof MergeResultSchema>;

/** `conflicts`: main could not be pulled in without conflicts. */
export const UpdateResultSchema = z.looseObject({ revision: z.string(), result: openEnum(z.enum(['update', 'conflicts'])) });
export type UpdateResult = z.infer<typeof UpdateResultSchema>;

export const CreateChangeRequestBodySchema = z.object({
  subject: Subject.optional(),
  /** Id of an agent task to implement. */
  agentTaskId: z.string().optional(),
});
export type CreateChangeRequestBody = z.infer<typeof CreateChangeRequestBodySchema>;

export const UpdateChangeRequestBodySchema = z.object({
  subject: Subject.optional(),
  status: ChangeRequestStatusSchema.optional(),
});
export type UpdateChangeRequestBody = z.infer<typeof UpdateChangeRequestBodySchema>;

export const RequestReviewersBodySchema = z.object({
  /** User ids. */
  users: z.array(z.string()),
  /** Also updates the change request subject. */
  subject: Subject.optional(),
});
export type RequestReviewersBody = z.infer<typeof RequestReviewersBodySchema>;
