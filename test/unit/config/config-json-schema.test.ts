import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { configJsonSchema } from '../../../src/config/config-json-schema.js';

describe('config/docsync.schema.json', () => {
  it('is the schema generated from the zod config schema (run `npm run config:schema` after a change)', async () => {
    const committed: unknown = JSON.parse(await readFile(new URL('../../../config/docsync.schema.json', import.meta.url), 'utf8'));
    expect(committed).toEqual(configJsonSchema());
  });

  it('documents fields for editors', () => {
    const schema = JSON.stringify(configJsonSchema());
    expect(schema).toContain('change-request');
    expect(schema).toContain('Bearer token');
  });
});
