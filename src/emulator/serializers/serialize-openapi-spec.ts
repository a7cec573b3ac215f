import type { EmulatorContext } from '../emulator-context.js';
import type { OpenAPISpecRecord } from '../state/records.js';
import type { MemberRole } from '../roles.js';
import { viewEditPermissions } from '../permissions.js';
import { roleAtLeast } from '../roles.js';
import { APP_ORIGIN } from './serialize-space.js';

export function serializeOpenAPISpec(ctx: EmulatorContext, spec: OpenAPISpecRecord, role: MemberRole) {
  return {
    object: 'openapi-spec' as const,
    id: spec.id,
    createdAt: spec.createdAt,
    updatedAt: spec.updatedAt,
    slug: spec.slug,
    ...(spec.sourceURL === undefined ? {} : { sourceURL: spec.sourceURL }),
    processingState: spec.processingState,
    ...(spec.lastVersion === undefined ? {} : { lastVersion: spec.lastVersion }),
    ...(spec.lastProcessedAt === undefined ? {} : { lastProcessedAt: spec.lastProcessedAt }),
    ...(spec.lastProcessErrorCode === undefined ? {} : { lastProcessErrorCode: spec.lastProcessErrorCode }),
    // The emulator records one processing error at most: the one that stopped it.
    lastProcessedErrorCount: spec.lastProcessErrorCode === undefined ? 0 : 1,
    permissions: { ...viewEditPermissions(role, 'create'), delete: roleAtLeast(role, 'create') },
    urls: {
      location: `${ctx.baseUrl()}/v1/orgs/${spec.organization}/openapi/${spec.slug}`,
      app: `${APP_ORIGIN}/o/${spec.organization}/openapi/${spec.slug}`,
    },
  };
}
