import * as z from 'zod';
import { CreateOpenAPISpecBodySchema, OpenAPISpecSlugSchema, PutOpenAPISpecBodySchema, type OpenAPISource } from '../../api/schemas/openapi.js';
import type { EmulatorContext } from '../emulator-context.js';
import { conflict, notFound } from '../emulator-error.js';
import type { Caller } from '../http/caller.js';
import type { DefineRoute } from '../http/define-route.js';
import { pageQuery } from '../http/input.js';
import { findIn, findOrganization, type Access } from '../http/lookup.js';
import { paginate } from '../http/paginate.js';
import type { MemberRole } from '../roles.js';
import type { OpenAPISpecRecord, OpenAPIVersionRecord } from '../state/records.js';
import { specFormatOf } from '../openapi/check-spec.js';
import { processVersion } from '../openapi/process-spec.js';
import { serializeOpenAPISpec } from '../serializers/serialize-openapi-spec.js';
import { serializeOpenAPIVersion } from '../serializers/serialize-openapi-version.js';
import { serializeOpenAPIContent } from '../serializers/serialize-openapi-content.js';

/**
 * OpenAPI specs of an organization and their versions. Roles: reads need `read` (guests 403),
 * writes need `create`. Every POST/PUT stores a new version and starts processing it
 * (openapi/process-spec.ts), so the spec answers `pending` first and moves on by itself.
 */

const OrgParams = z.object({ organizationId: z.string() });
const SpecParams = OrgParams.extend({ specSlug: z.string() });
const VersionParams = SpecParams.extend({ versionId: z.string() });

const READ: Access = { needs: 'read', action: 'read OpenAPI specs' };
const WRITE: Access = { needs: 'create', action: 'create or change OpenAPI specs' };

export function openapiRoutes(define: DefineRoute, ctx: EmulatorContext): void {
  const base = '/v1/orgs/:organizationId/openapi';

  function findSpec(caller: Caller, params: z.infer<typeof SpecParams>, access: Access) {
    const { role } = findOrganization(ctx, caller, params.organizationId, access);
    const spec = specBySlug(params.organizationId, params.specSlug);
    if (!spec) throw notFound('OpenAPI spec', params.specSlug);
    return { spec, role };
  }

  function specBySlug(organization: string, slug: string): OpenAPISpecRecord | undefined {
    for (const spec of ctx.state.openapiSpecs.values()) {
      if (spec.organization === organization && spec.slug === slug) return spec;
    }
    return undefined;
  }

  function findVersion(spec: OpenAPISpecRecord, versionId: string): OpenAPIVersionRecord {
    const id = versionId === 'latest' ? spec.lastVersion : versionId;
    if (id === undefined) throw notFound('OpenAPI spec version', versionId);
    return findIn(ctx.state.openapiVersions, 'OpenAPI spec version', id, (v) => v.spec === spec.id);
  }

  /** A new version from `source`, made the spec's latest, with processing started. */
  function addVersion(spec: OpenAPISpecRecord, source: OpenAPISource): void {
    const id = ctx.state.newId('oasv');
    const now = ctx.state.timestamp();
    // A text source has no URL of its own; the version names one on the emulator for it.
    const version: OpenAPIVersionRecord =
      'url' in source
        ? { id, spec: spec.id, createdAt: now, url: source.url }
        : { id, spec: spec.id, createdAt: now, url: `${ctx.baseUrl()}/_emulator/openapi/${id}.${specFormatOf(source.text)}`, text: source.text };
    ctx.state.openapiVersions.set(id, version);
    spec.versions.push(id);
    spec.lastVersion = id;
    spec.updatedAt = now;
    spec.processingState = 'pending';
    if ('url' in source) spec.sourceURL = source.url;
    else delete spec.sourceURL;
    processVersion(ctx, spec, version);
  }

  function createSpec(organization: string, slug: string, source: OpenAPISource, role: MemberRole) {
    const now = ctx.state.timestamp();
    const spec: OpenAPISpecRecord = {
      id: ctx.state.newId('oas'),
      organization,
      slug,
      createdAt: now,
      updatedAt: now,
      processingState: 'pending',
      versions: [],
    };
    ctx.state.openapiSpecs.set(spec.id, spec);
    addVersion(spec, source);
    return serializeOpenAPISpec(ctx, spec, role);
  }

  define({
    method: 'GET',
    url: base,
    params: OrgParams,
    query: pageQuery,
    handler: ({ params, query, caller }) => {
      const { role } = findOrganization(ctx, caller, params.organizationId, READ);
      const specs = [...ctx.state.openapiSpecs.values()].filter((s) => s.organization === params.organizationId);
      return paginate(specs, query, (s) => serializeOpenAPISpec(ctx, s, role));
    },
  });

  define({
    method: 'POST',
    url: base,
    params: OrgParams,
    body: CreateOpenAPISpecBodySchema,
    status: 201,
    handler: ({ params, body, caller }) => {
      const { role } = findOrganization(ctx, caller, params.organizationId, WRITE);
      if (specBySlug(params.organizationId, body.slug)) {
        throw conflict(`An OpenAPI spec with slug "${body.slug}" already exists; PUT to it to add a version.`);
      }
      return createSpec(params.organizationId, body.slug, body.source, role);
    },
  });

  define({
    method: 'GET',
    url: `${base}/:specSlug`,
    params: SpecParams,
    handler: ({ params, caller }) => {
      const { spec, role } = findSpec(caller, params, READ);
      return serializeOpenAPISpec(ctx, spec, role);
    },
  });

  define({
    method: 'PUT',
    url: `${base}/:specSlug`,
    // Creating through PUT takes the slug from the path, so the path is held to the slug's bounds.
    params: OrgParams.extend({ specSlug: OpenAPISpecSlugSchema }),
    body: PutOpenAPISpecBodySchema,
    handler: ({ params, body, caller }) => {
      const { role } = findOrganization(ctx, caller, params.organizationId, WRITE);
      const spec = specBySlug(params.organizationId, params.specSlug);
      if (!spec) return createSpec(params.organizationId, params.specSlug, body.source, role);
      addVersion(spec, body.source);
      return serializeOpenAPISpec(ctx, spec, role);
    },
  });

  define({
    method: 'DELETE',
    url: `${base}/:specSlug`,
    params: SpecParams,
    status: 205,
    handler: ({ params, caller }) => {
      const { spec } = findSpec(caller, params, WRITE);
      for (const id of spec.versions) ctx.state.openapiVersions.delete(id);
      ctx.state.openapiSpecs.delete(spec.id);
    },
  });

  define({
    method: 'GET',
    url: `${base}/:specSlug/versions`,
    params: SpecParams,
    query: pageQuery,
    handler: ({ params, query, caller }) => {
      const { spec } = findSpec(caller, params, READ);
      const newestFirst = [...spec.versions].reverse().map((id) => findVersion(spec, id));
      return paginate(newestFirst, query, (v) => serializeOpenAPIVersion(ctx, spec, v));
    },
  });

  // `latest` is matched by `:versionId` and resolved in findVersion, so both forms share a route.
  define({
    method: 'GET',
    url: `${base}/:specSlug/versions/:versionId`,
    params: VersionParams,
    handler: ({ params, caller }) => {
      const { spec } = findSpec(caller, params, READ);
      return serializeOpenAPIVersion(ctx, spec, findVersion(spec, params.versionId));
    },
  });

  define({
    method: 'GET',
    url: `${base}/:specSlug/versions/:versionId/content`,
    params: VersionParams,
    handler: ({ params, caller }) => {
      const { spec } = findSpec(caller, params, READ);
      return serializeOpenAPIContent(findVersion(spec, params.versionId), ctx.options.contract);
    },
  });
}
