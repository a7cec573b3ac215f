import * as z from 'zod';
import { OPENAPI_SLUG_PATTERN } from '../../config/openapi-slug-pattern.js';
import { DateTime, LocationUrlsSchema, openEnum, permissionsSchema } from './common.js';

export const OpenAPISpecSlugSchema = z.string().min(1).max(100).regex(OPENAPI_SLUG_PATTERN);

export const OpenAPIProcessingStateSchema = z.enum(['pending', 'progress', 'complete']);

export const OpenAPIProcessErrorCodeSchema = z.enum(['FETCH_TIMEOUT', 'FETCH_ERROR', 'PARSE_ERROR']);

const SpecUrl = z.url().max(2048);

export const OpenAPISpecSchema = z.looseObject({
  object: z.literal('openapi-spec'),
  id: z.string(),
  createdAt: DateTime,
  updatedAt: DateTime,
  slug: z.string(),
  sourceURL: z.string().optional(),
  processingState: openEnum(OpenAPIProcessingStateSchema),
  /** Id of the latest version. */
  lastVersion: z.string().optional(),
  lastProcessedAt: DateTime.optional(),
  lastProcessErrorCode: openEnum(OpenAPIProcessErrorCodeSchema).optional(),
  permissions: permissionsSchema(['view', 'edit'] as const),
  urls: z.looseObject({ location: z.string(), app: z.string() }),
});
export type OpenAPISpec = z.infer<typeof OpenAPISpecSchema>;

export const OpenAPISpecVersionSchema = z.looseObject({
  object: z.literal('openapi-spec-version'),
  id: z.string(),
  createdAt: DateTime.optional(),
  url: SpecUrl,
  urls: LocationUrlsSchema,
});
export type OpenAPISpecVersion = z.infer<typeof OpenAPISpecVersionSchema>;

/** docsync reads the files only (the seed's document also has `url`, today's `urls` instead). */
export const OpenAPISpecVersionContentSchema = z.looseObject({
  filesystem: z.record(z.string(), z.unknown()),
});
export type OpenAPISpecVersionContent = z.infer<typeof OpenAPISpecVersionContentSchema>;

/** The seed gives only the url form; the text form (inline document) is our addition. */
export const OpenAPISourceSchema = z.union([z.object({ url: SpecUrl }), z.object({ text: z.string() })]);
export type OpenAPISource = z.infer<typeof OpenAPISourceSchema>;

export const CreateOpenAPISpecBodySchema = z.object({
  slug: OpenAPISpecSlugSchema,
  source: OpenAPISourceSchema,
});

export const PutOpenAPISpecBodySchema = z.object({ source: OpenAPISourceSchema });
