/** Writes the precompiled OpenAPI schema validators: `npm run spec:validators`. */
import { writeFile } from 'node:fs/promises';
import { SCHEMA_VERSIONS, schemaValidatorSource } from './spec-schema-validators.js';

const folder = new URL('../../src/specs/schema-validators/', import.meta.url);
for (const version of SCHEMA_VERSIONS) {
  await writeFile(new URL(`validate-${version}.ts`, folder), schemaValidatorSource(version));
  process.stdout.write(`src/specs/schema-validators/validate-${version}.ts\n`);
}
