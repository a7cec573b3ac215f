import * as z from 'zod';
import { NullableRoleSchema } from './common.js';

const CollectionTitle = z.string().max(50);
const CollectionDescription = z.string().max(100);

export const CreateCollectionBodySchema = z.object({
  title: CollectionTitle.optional(),
  parent: z.string().optional(),
});

export const UpdateCollectionBodySchema = z.object({
  title: CollectionTitle.optional(),
  description: CollectionDescription.optional(),
  defaultLevel: NullableRoleSchema.optional(),
});

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

export const TransferCollectionBodySchema = z.object({
  /** Target organization id. */
  organization: z.string(),
});
