/** Writes the generated OpenAPI 3.0 schema check into the project: `npm run spec:validator`. */
import { writeFile } from 'node:fs/promises';
import { OPENAPI_30_VALIDATOR, openApi30ValidatorSource } from './openapi-schema-validator-source.js';

await writeFile(new URL(`../../${OPENAPI_30_VALIDATOR}`, import.meta.url), openApi30ValidatorSource());
process.stdout.write(`${OPENAPI_30_VALIDATOR}\n`);
