import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { OPENAPI_30_VALIDATOR, openApi30ValidatorSource } from '../../../scripts/openapi-schema-validator-source.js';

describe('the generated OpenAPI 3.0 schema check', () => {
  it('is byte for byte what Ajv generates today from the installed schema (else: npm run spec:validator)', async () => {
    const shipped = await readFile(new URL(`../../../${OPENAPI_30_VALIDATOR}`, import.meta.url), 'utf8');
    expect(shipped).toBe(openApi30ValidatorSource());
  });
});
