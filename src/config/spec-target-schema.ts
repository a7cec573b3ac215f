import { z } from 'zod';
import { OpenAPISpecSlugSchema } from '../api/schemas/openapi.js';

/** One OpenAPI spec kept published from a local file (with its local `$ref`s) or a URL. */
export const SpecTargetSchema = z
  .object({
    organizationId: z.string().min(1).describe('Organization that owns the spec.'),
    slug: OpenAPISpecSlugSchema.describe('Spec slug: lowercase words joined by "-", 1 to 100 characters.'),
    file: z.string().min(1).optional().describe('Local spec file (YAML or JSON), relative to the config file.'),
    url: z.url().max(2048).optional().describe('A URL the platform fetches the spec from.'),
  })
  .refine((spec) => (spec.file === undefined) !== (spec.url === undefined), {
    message: 'give exactly one of `file` or `url`',
  });
export type SpecTarget = z.infer<typeof SpecTargetSchema>;
