import type { OpenApiSchema } from './openapi-document.js';

/** OpenAPI 3.0's schema dialect (an extended subset of draft 4) or 3.1's (JSON Schema 2020-12). */
export type SchemaDialect = '3.0' | '3.1';

export function dialectOf(openapi: string): SchemaDialect {
  return openapi.startsWith('3.0') ? '3.0' : '3.1';
}

/**
 * Rewrites a schema of the document into JSON Schema that ajv checks exactly: `$ref`s to
 * `#/components/schemas/X` point at `definitions/X` of the schema registered under `documentId`.
 * In 3.0, `nullable: true` becomes a `null` alternative (also for enums and `$ref`s, where ajv's
 * own `nullable` support stops); 3.1 already says `type: [..., "null"]`, and its `$ref` siblings
 * apply as in JSON Schema 2020-12.
 */
export function toJsonSchema(schema: unknown, documentId: string, dialect: SchemaDialect): unknown {
  if (Array.isArray(schema)) return schema.map((item) => toJsonSchema(item, documentId, dialect));
  if (schema === null || typeof schema !== 'object') return schema;
  const out: OpenApiSchema = {};
  for (const [key, value] of Object.entries(schema as OpenApiSchema)) {
    // `discriminator` only names the property that tells `oneOf` branches apart; the branches'
    // own enums already do, and ajv's support refuses branches built with `allOf`.
    if ((key === 'nullable' && dialect === '3.0') || key === 'discriminator') continue;
    if (key === '$ref' && typeof value === 'string') out[key] = value.replace(/^#\/components\/schemas\//, `${documentId}#/definitions/`);
    // Property names and enum/const/example values are data, not schemas: copy them unchanged.
    else if (key === 'enum' || key === 'const' || key === 'example' || key === 'examples' || key === 'required') out[key] = value;
    else if (key === 'properties' && value !== null && typeof value === 'object') {
      out[key] = Object.fromEntries(Object.entries(value as OpenApiSchema).map(([name, sub]) => [name, toJsonSchema(sub, documentId, dialect)]));
    } else out[key] = toJsonSchema(value, documentId, dialect);
  }
  return dialect === '3.0' && (schema as OpenApiSchema).nullable === true ? withNull(out) : out;
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
