import * as z from 'zod';

/**
 * A comment as the API answers it: docsync posts comments and reads back only their id. The rest
 * differs between the API's versions (a markdown body in the seed's, a JSON document today;
 * `permissions.reply` no longer always sent), so it is left unchecked.
 */
export const CommentSchema = z.looseObject({
  object: z.literal('comment'),
  id: z.string(),
});
export type Comment = z.infer<typeof CommentSchema>;

// Request bodies. Shared by space and change-request comment endpoints.

const CommentBodyInputSchema = z.object({ markdown: z.string() });

export const CreateCommentBodySchema = z.object({
  node: z.string().optional(),
  page: z.string().optional(),
  body: CommentBodyInputSchema,
});

export const UpdateCommentBodySchema = z.object({
  resolved: z.boolean().optional(),
  body: CommentBodyInputSchema.optional(),
  addedReactions: z.array(z.string()).optional(),
  removedReactions: z.array(z.string()).optional(),
});

export const CreateReplyBodySchema = z.object({ body: CommentBodyInputSchema });

export const UpdateReplyBodySchema = z.object({
  body: CommentBodyInputSchema.optional(),
  addedReactions: z.array(z.string()).optional(),
  removedReactions: z.array(z.string()).optional(),
});
