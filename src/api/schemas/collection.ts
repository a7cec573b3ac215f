import * as z from 'zod';
import { NullableRoleSchema, permissionsSchema } from './common.js';

const CollectionTitle = z.string().max(50);
const CollectionDescription = z.string().max(100);

export const CollectionSchema = z.looseObject({
  object: z.literal('collection'),
  id: z.string(),
  title: CollectionTitle,
  description: CollectionDescription.optional(),
  /** Id of the owning organization. */
  organization: z.string(),
  /** Id of the parent collection. */
  parent: z.string().optional(),
  defaultLevel: NullableRoleSchema,
  urls: z.looseObject({ location: z.string(), app: z.string() }).optional(),
  permissions: permissionsSchema(['view', 'admin', 'viewInviteLinks', 'create'] as const).optional(),
});
export type Collection = z.infer<typeof CollectionSchema>;

export const CreateCollectionBodySchema = z.object({
  title: CollectionTitle.optional(),
  parent: z.string().optional(),
});
export type CreateCollectionBody = z.infer<typeof CreateCollectionBodySchema>;

export const UpdateCollectionBodySchema = z.object({
  title: CollectionTitle.optional(),
  description: CollectionDescription.optional(),
  defaultLevel: NullableRoleSchema.optional(),
});
export type UpdateCollectionBody = z.infer<typeof UpdateCollectionBodySchema>;

/** The seed's position references for a collection move are spaces: `{type: space, space: <id>}`. */
const CollectionPositionRefSchema = z.object({ type: z.literal('space'), space: z.string() });

export const MoveCollectionBodySchema = z.object({
  parent: z.string().nullable().optional(),
  // Only `parent` is marked optional in the seed, so `position` is required.
  position: z.object({
    before: CollectionPositionRefSchema.optional(),
    after: CollectionPositionRefSchema.optional(),
  }),
});
export type MoveCollectionBody = z.infer<typeof MoveCollectionBodySchema>;

export const TransferCollectionBodySchema = z.object({
  /** Target organization id. */
  organization: z.string(),
});
export type TransferCollectionBody = z.infer<typeof TransferCollectionBodySchema>;
