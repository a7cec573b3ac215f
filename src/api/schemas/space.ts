import { z } from 'zod';
import { DateTime, NullableRoleSchema, permissionsSchema } from './common.js';

/**
 * A space as embedded in other responses and in the collection space list. The seed gives no
 * required/optional flags or bounds for Space fields, so only `object`, `id` and `title` are required.
 */
export const SpaceSchema = z.looseObject({
  object: z.literal('space'),
  id: z.string(),
  title: z.string(),
  emoji: z.string().optional(),
  /** `public` is the only value shown. */
  visibility: z.string().optional(),
  createdAt: DateTime.optional(),
  updatedAt: DateTime.optional(),
  deletedAt: DateTime.optional(),
  /** `live` is the only value shown. */
  editMode: z.string().optional(),
  urls: z
    .looseObject({
      location: z.string().optional(),
      app: z.string().optional(),
      published: z.string().optional(),
      public: z.string().optional(),
      icon: z.string().optional(),
    })
    .optional(),
  organization: z.string().optional(),
  parent: z.string().optional(),
  gitSync: z
    .looseObject({
      repoName: z.string().optional(),
      installationProvider: z.string().optional(),
      integration: z.string().optional(),
      url: z.string().optional(),
      updatedAt: DateTime.optional(),
    })
    .optional(),
  /** `custom` is the only backend shown. */
  visitorAuth: z.looseObject({ backend: z.string() }).optional(),
  revision: z.string().optional(),
  // The seed types it Role, but a space with no default access carries null (as collections do).
  defaultLevel: NullableRoleSchema.optional(),
  comments: z.number().optional(),
  changeRequests: z.number().optional(),
  changeRequestsOpen: z.number().optional(),
  changeRequestsDraft: z.number().optional(),
  permissions: permissionsSchema([
    'view',
    'access',
    'admin',
    'viewInviteLinks',
    'edit',
    'triggerGitSync',
    'comment',
    'merge',
    'review',
  ] as const).optional(),
});
export type Space = z.infer<typeof SpaceSchema>;
