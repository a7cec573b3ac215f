import { AdaptiveJsonSchemaSchema } from '../../api/schemas/site.js';
import type { SiteRecord } from '../state/records.js';

/** Stored schemas were checked on the way in (or come from the fixture's default), so parsing only types them. */
export function serializeAdaptiveSchema(site: SiteRecord) {
  return {
    object: 'site-adaptive-schema' as const,
    jsonSchema: AdaptiveJsonSchemaSchema.parse(site.adaptiveSchema.jsonSchema),
    updatedAt: site.adaptiveSchema.updatedAt,
  };
}
