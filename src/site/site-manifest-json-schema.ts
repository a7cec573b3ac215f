import * as z from 'zod';
import { SiteManifestSchema } from './manifest-schema.js';

/**
 * JSON Schema of the site manifest for editors (config/site-manifest.schema.json), generated from
 * the zod schema the loader uses. Cross-item rules (unique keys, one default) are checked by the loader only.
 */
export function siteManifestJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(SiteManifestSchema, { io: 'input', unrepresentable: 'any' }),
    title: 'docsync site manifest (docs.yaml, extended)',
  };
}
