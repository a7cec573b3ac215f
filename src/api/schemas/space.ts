import * as z from 'zod';

/**
 * A space as embedded in other responses (site spaces, member spaces). docsync reads only its
 * identity; every other field (`type`, `emoji`, `defaultLevel` with its `inherit`, permissions, …)
 * passes through unchecked, so a value the API adds never fails a site read.
 */
export const SpaceSchema = z.looseObject({
  object: z.literal('space'),
  id: z.string(),
  title: z.string(),
});

/**
 * `GET /spaces/{spaceId}`, for `status`: the title and visibility, any value of it kept as a string;
 * for a sync of unchanged docs, the main revision, which any edit in the platform moves, and how many
 * change requests are open or drafts (none: a runner without state need not list them).
 */
export const SpaceDetailSchema = z.looseObject({
  id: z.string(),
  title: z.string(),
  visibility: z.string(),
  revision: z.string().optional(),
  /** Owner: the organization whose sites may publish the space. */
  organization: z.string().optional(),
  changeRequestsOpen: z.number().optional(),
  changeRequestsDraft: z.number().optional(),
});
export type SpaceDetail = z.infer<typeof SpaceDetailSchema>;

const SpaceTitle = z.string().max(50);
const SpaceEmoji = z.string().max(50);
const SpaceEditModeSchema = z.enum(['live', 'locked']);
/** A role, `null` (guests get no access) or `inherit` (from the parent collection or organization). */
const DefaultLevelSchema = z.union([z.enum(['admin', 'create', 'edit', 'review', 'comment', 'read']), z.null(), z.literal('inherit')]);

export const CreateSpaceBodySchema = z.object({
  title: SpaceTitle.optional(),
  emoji: SpaceEmoji.optional(),
  /** Collection id. */
  parent: z.string().optional(),
  editMode: SpaceEditModeSchema.optional(),
});

/** `emoji: null` and `icon: null` clear the emoji. */
export const UpdateSpaceBodySchema = z.object({
  title: SpaceTitle.optional(),
  emoji: SpaceEmoji.nullable().optional(),
  icon: z.string().nullable().optional(),
  editMode: SpaceEditModeSchema.optional(),
  defaultLevel: DefaultLevelSchema.optional(),
});
