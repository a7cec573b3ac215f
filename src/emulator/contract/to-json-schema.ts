import type { OpenApiSchema } from './openapi-document.js';

/**
 * Rewrites an OpenAPI 3.0 schema into JSON Schema that ajv checks exactly: `nullable: true`
 * becomes a `null` alternative (also for enums and `$ref`s, where ajv's own `nullable` support
 * stops), and `$ref`s to `#/components/schemas/X` point at `definitions/X` of the schema
 * registered under `documentId`.
 */
export function toJsonSchema(schema: unknown, documentId: string): unknown {
  if (Array.isArray(schema)) return schema.map((item) => toJsonSchema(item, documentId));
  if (schema === null || typeof schema !== 'object') return schema;
  const out: OpenApiSchema = {};
  for (const [key, value] of Object.entries(schema as OpenApiSchema)) {
    // `discriminator` only names the property that tells `oneOf` branches apart; the branches'
    // own enums already do, and ajv's support refuses branches built with `allOf`.
    if (key === 'nullable' || key === 'discriminator') continue;
    if (key === '$ref' && typeof value === 'string') out[key] = value.replace(/^#\/components\/schemas\//, `${documentId}#/definitions/`);
    // Property names and enum/example values are data, not schemas: copy them unchanged.
    else if (key === 'enum' || key === 'example' || key === 'required') out[key] = value;
    else if (key === 'properties' && value !== null && typeof value === 'object') {
      out[key] = Object.fromEntries(Object.entries(value as OpenApiSchema).map(([name, sub]) => [name, toJsonSchema(sub, documentId)]));
    } else out[key] = toJsonSchema(value, documentId);
  }
  return (schema as OpenApiSchema).nullable === true ? withNull(out) : out;
}

function withNull(schema: OpenApiSchema): OpenApiSchema {
  const composite = '$ref' in schema || 'oneOf' in schema || 'anyOf' in schema || 'allOf' in schema;
  if (typeof schema.type === 'string' && !composite) {
    const listed = Array.isArray(schema.enum) ? (schema.enum as unknown[]) : undefined;
    const enumValues = listed && !listed.includes(null) ? { enum: [...listed, null] } : {};
    return { ...schema, type: [schema.type, 'null'], ...enumValues };
  }
  return { anyOf: [schema, { type: 'null' }] };
}
