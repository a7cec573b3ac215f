import { PutAdaptiveSchemaBodySchema } from '../../api/schemas/site.js';
import type { EmulatorContext } from '../emulator-context.js';
import { badRequest } from '../emulator-error.js';
import type { DefineRoute } from '../http/define-route.js';
import { serializeAdaptiveSchema } from '../serializers/serialize-adaptive-schema.js';
import { SiteParams, readSite, writeSite } from './site-route-helpers.js';

const DRAFT_07 = /^https?:\/\/json-schema\.org\/draft-07\/schema#?$/;

/**
 * The adaptive-content visitor schema of a site. The body schema already holds the seed's rules
 * (an object of boolean properties plus an `unsigned` object of boolean claims, no additional
 * properties at either level); a declared `$schema` must also be draft-07.
 */
export function siteAdaptiveRoutes(define: DefineRoute, ctx: EmulatorContext): void {
  define({
    method: 'GET',
    url: '/v1/orgs/:organizationId/sites/:siteId/adaptive-schema',
    params: SiteParams,
    handler: ({ params, caller }) => serializeAdaptiveSchema(readSite(ctx, caller, params).site),
  });

  define({
    method: 'PUT',
    url: '/v1/orgs/:organizationId/sites/:siteId/adaptive-schema',
    params: SiteParams,
    body: PutAdaptiveSchemaBodySchema,
    handler: ({ params, body, caller }) => {
      const { site } = writeSite(ctx, caller, params, 'change the adaptive schema');
      const declared = body.jsonSchema.$schema;
      if (declared !== undefined && (typeof declared !== 'string' || !DRAFT_07.test(declared))) {
        throw badRequest('Invalid body field "jsonSchema.$schema": the schema must be JSON Schema draft-07.');
      }
      site.adaptiveSchema = { jsonSchema: body.jsonSchema, updatedAt: ctx.state.timestamp() };
      return serializeAdaptiveSchema(site);
    },
  });

  define({
    method: 'GET',
    url: '/v1/orgs/:organizationId/sites/:siteId/adaptive-schema/template-conditions',
    params: SiteParams,
    handler: ({ params, caller }) => {
      const { site } = readSite(ctx, caller, params);
      return { items: templateConditions(site.adaptiveSchema.jsonSchema) };
    },
  });
}

/** One ready-made condition per boolean claim: signed claims first, then the `unsigned` ones. */
function templateConditions(jsonSchema: Record<string, unknown>): { description: string; condition: string }[] {
  const properties = objectAt(jsonSchema, 'properties');
  const items: { description: string; condition: string }[] = [];
  for (const [name, property] of Object.entries(properties)) {
    if (name === 'unsigned') continue;
    items.push({ description: describe(property, `Visitor claim "${name}" is true`), condition: `visitor.claims.${name} === true` });
  }
  for (const [name, property] of Object.entries(objectAt(objectAt(properties, 'unsigned'), 'properties'))) {
    items.push({
      description: describe(property, `Unsigned visitor claim "${name}" is true`),
      condition: `visitor.claims.unsigned.${name} === true`,
    });
  }
  return items;
}

function objectAt(value: unknown, key: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return {};
  const inner = (value as Record<string, unknown>)[key];
  return typeof inner === 'object' && inner !== null ? (inner as Record<string, unknown>) : {};
}

function describe(property: unknown, fallback: string): string {
  if (typeof property === 'object' && property !== null && 'description' in property && typeof property.description === 'string') {
    return property.description;
  }
  return fallback;
}
