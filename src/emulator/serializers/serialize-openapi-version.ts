import type { EmulatorContext } from '../emulator-context.js';
import type { OpenAPISpecRecord, OpenAPIVersionRecord } from '../state/records.js';

export function serializeOpenAPIVersion(ctx: EmulatorContext, spec: OpenAPISpecRecord, version: OpenAPIVersionRecord) {
  return {
    object: 'openapi-spec-version' as const,
    id: version.id,
    createdAt: version.createdAt,
    url: version.url,
    urls: { location: `${ctx.baseUrl()}/v1/orgs/${spec.organization}/openapi/${spec.slug}/versions/${version.id}` },
  };
}
