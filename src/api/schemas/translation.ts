import * as z from 'zod';

/** Language codes the API translates between (`TranslationLanguage` of the official document). */
export const TranslationLanguageSchema = z.enum([
  'en',
  'fr',
  'de',
  'es',
  'it',
  'pt',
  'ru',
  'ja',
  'zh',
  'ko',
  'ar',
  'hi',
  'nl',
  'pl',
  'tr',
  'sv',
  'no',
  'da',
  'fi',
  'el',
  'cs',
  'hu',
  'ro',
  'th',
  'vi',
  'id',
  'ms',
  'he',
  'uk',
  'sk',
  'bg',
  'hr',
  'lt',
  'lv',
  'et',
  'sl',
]);

/** A JSON document (`{object: "document", data, nodes}`); its blocks are kept as sent. */
export const JsonDocumentSchema = z.looseObject({
  object: z.literal('document'),
  data: z.record(z.string(), z.unknown()),
  nodes: z.array(z.record(z.string(), z.unknown())),
});

export const CreateTranslationBodySchema = z.object({
  source: z.object({ space: z.string().min(1), language: TranslationLanguageSchema }),
  language: TranslationLanguageSchema,
  instructions: JsonDocumentSchema.optional(),
});

export const UpdateTranslationBodySchema = z.object({ instructions: JsonDocumentSchema });
