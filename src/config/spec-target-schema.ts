import * as z from 'zod';
import { OPENAPI_SLUG_PATTERN } from './openapi-slug-pattern.js';

/** One OpenAPI spec kept published from a local file (with its local `$ref`s) or a URL. */
export const SpecTargetSchema = z
  .object({
    organizationId: z.string().min(1).describe('Organization that owns the spec.'),
    slug: z
      .string()
      .min(1, { message: 'the spec slug is empty' })
      .max(100, { message: 'the spec slug is longer than 100 characters' })
      .regex(OPENAPI_SLUG_PATTERN, { message: 'use lowercase letters and digits, in words joined by single "-" (like "petstore-v2")' })
      .describe('Spec slug: lowercase words joined by "-", 1 to 100 characters. Keys the state, so keep it stable.'),
    file: z
      .string()
      .min(1)
      .optional()
      .describe('Local spec file (YAML or JSON; OpenAPI 3.0, 3.1 or Swagger 2.0), relative to the config file. Local `$ref`s are bundled in.'),
    url: z
      .url({ protocol: /^https?$/, message: 'use an http(s) URL the platform can fetch' })
      .max(2048)
      .optional()
      .describe('A public http(s) URL the platform fetches the spec from.'),
  })
  .refine((spec) => (spec.file === undefined) !== (spec.url === undefined), {
    message: 'give exactly one of `file` or `url`',
  });
export type SpecTarget = z.infer<typeof SpecTargetSchema>;
