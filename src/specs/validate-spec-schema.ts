import { format } from 'node:util';

/** One Ajv error, as swagger-parser attaches them to its `details`. */
export interface SchemaIssue {
  readonly instancePath: string;
  readonly keyword: string;
  readonly message?: string;
  readonly params?: Record<string, unknown>;
}

interface SchemaValidator {
  (data: unknown): boolean;
  errors?: SchemaIssue[] | null;
}

/** The precompiled validator of the schema swagger-parser would pick for this document. */
async function validatorFor(api: Record<string, unknown>): Promise<SchemaValidator> {
  // Each module is large; only the one needed is loaded.
  const module: unknown =
    api.swagger !== undefined
      ? await import('./schema-validators/validate-swagger-2.0.js')
      : typeof api.openapi === 'string' && api.openapi.startsWith('3.1')
        ? await import('./schema-validators/validate-openapi-3.1.js')
        : await import('./schema-validators/validate-openapi-3.0.js');
  return (module as { validate: SchemaValidator }).validate;
}

/**
 * swagger-parser's schema check (its `validators/schema.js`) with validators compiled ahead of time
 * (`npm run spec:validators`) instead of on every run: the same schemas, Ajv options, verdicts and
 * error (a SyntaxError with the Ajv errors as `details`). `api` must be dereferenced with circular
 * `$ref`s left in place, as swagger-parser does before validating.
 */
export async function validateSpecSchema(api: Record<string, unknown>): Promise<void> {
  const validate = await validatorFor(api);
  if (validate(api)) return;
  const issues = validate.errors ?? [];
  const lines = issues.map((e) => format(`  #${e.instancePath.length > 0 ? e.instancePath : '/'} ${String(e.message)}\n`));
  throw Object.assign(new SyntaxError(`Swagger schema validation failed.\n${lines.join('')}`), { details: issues });
}
