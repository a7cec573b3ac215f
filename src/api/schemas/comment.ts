import * as z from 'zod';
import { DateTime, LocationUrlsSchema, UserSchema, permissionsSchema } from './common.js';

export const ReactionSchema = z.looseObject({
  emoji: z.string(),
  count: z.number(),
  users: z.array(z.looseObject({ user: UserSchema, reactedAt: DateTime })),
});
export type Reaction = z.infer<typeof ReactionSchema>;

/** Only the markdown form of a comment body is given by the seed; other forms are not shown. */
export const CommentBodySchema = z.looseObject({ markdown: z.string() });
export type CommentBody = z.infer<typeof CommentBodySchema>;

const CommentPermissionsSchema = permissionsSchema(['view', 'edit', 'reply', 'delete'] as const);

export const CommentTargetSchema = z.looseObject({
  node: z.looseObject({ id: z.string(), preview: z.unknown() }).optional(),
  changeRequest: z.string().optional(),
  review: z.string().optional(),
  page: z
    .looseObject({
      id: z.string(),
      title: z.string(),
      emoji: z.string().optional(),
      icon: z.string().optional(),
      createdAt: DateTime.optional(),
      updatedAt: DateTime.optional(),
      path: z.string().optional(),
      outdated: z.boolean().optional(),
    })
    .optional(),
  space: z.string().optional(),
  revision: z.string().optional(),
});
export type CommentTarget = z.infer<typeof CommentTargetSchema>;

export const CommentSchema = z.looseObject({
  object: z.literal('comment'),
  id: z.string(),
  postedBy: UserSchema,
  postedAt: DateTime,
  // Absent until the comment is edited / resolved.
  editedAt: DateTime.optional(),
  reactions: z.array(ReactionSchema),
  /** Count of replies. */
  replies: z.number(),
  body: CommentBodySchema,
  target: CommentTargetSchema,
  urls: LocationUrlsSchema,
  permissions: CommentPermissionsSchema,
  /** Only `resolved` is shown; the other names are not, so any string passes. */
  status: z.string(),
  resolvedAt: DateTime.optional(),
  resolvedBy: UserSchema.optional(),
});
export type Comment = z.infer<typeof CommentSchema>;

export const CommentReplySchema = z.looseObject({
  object: z.literal('comment-reply'),
  id: z.string(),
  postedBy: UserSchema,
  postedAt: DateTime,
  editedAt: DateTime.optional(),
  reactions: z.array(ReactionSchema),
  body: CommentBodySchema,
  urls: LocationUrlsSchema,
  permissions: CommentPermissionsSchema,
});
export type CommentReply = z.infer<typeof CommentReplySchema>;

// Request bodies. Shared by space and change-request comment endpoints.

const CommentBodyInputSchema = z.object({ markdown: z.string() });

export const CreateCommentBodySchema = z.object({
  node: z.string().optional(),
  page: z.string().optional(),
  body: CommentBodyInputSchema,
});
export type CreateCommentBody = z.infer<typeof CreateCommentBodySchema>;

export const UpdateCommentBodySchema = z.object({
  resolved: z.boolean().optional(),
  body: CommentBodyInputSchema.optional(),
  addedReactions: z.array(z.string()).optional(),
  removedReactions: z.array(z.string()).optional(),
});
export type UpdateCommentBody = z.infer<typeof UpdateCommentBodySchema>;

export const CreateReplyBodySchema = z.object({ body: CommentBodyInputSchema });
export type CreateReplyBody = z.infer<typeof CreateReplyBodySchema>;

export const UpdateReplyBodySchema = z.object({
  body: CommentBodyInputSchema.optional(),
  addedReactions: z.array(z.string()).optional(),
  removedReactions: z.array(z.string()).optional(),
});
export type UpdateReplyBody = z.infer<typeof UpdateReplyBodySchema>;
