import { z } from 'zod';
import { DateTime, LocationUrlsSchema, permissionsSchema } from './common.js';

const TranslationTitle = z.string().min(1).max(100);

export const TranslationSettingsSchema = z.looseObject({
  object: z.literal('translation-settings'),
  id: z.string(),
  title: TranslationTitle,
  /** Language codes such as `en`. */
  languages: z.array(z.string()),
  createdAt: DateTime,
  updatedAt: DateTime,
  permissions: permissionsSchema(['view', 'edit'] as const),
  urls: LocationUrlsSchema,
});
export type TranslationSettings = z.infer<typeof TranslationSettingsSchema>;

export const CreateTranslationBodySchema = z.object({ title: TranslationTitle });
export type CreateTranslationBody = z.infer<typeof CreateTranslationBodySchema>;

export const UpdateTranslationBodySchema = z.object({ title: TranslationTitle });
export type UpdateTranslationBody = z.infer<typeof UpdateTranslationBodySchema>;
