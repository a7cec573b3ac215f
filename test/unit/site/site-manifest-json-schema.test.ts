import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { siteManifestJsonSchema } from '../../../src/site/site-manifest-json-schema.js';

describe('config/site-manifest.schema.json', () => {
  it('is the schema generated from the zod manifest schema (regenerate: docsync site schema > config/site-manifest.schema.json)', async () => {
    const committed: unknown = JSON.parse(await readFile(new URL('../../../config/site-manifest.schema.json', import.meta.url), 'utf8'));
    expect(committed).toEqual(siteManifestJsonSchema());
  });

  it('carries the seed bounds and docs.yaml item types for editors', () => {
    const schema = JSON.stringify(siteManifestJsonSchema());
    expect(schema).toContain('section-group');
    expect(schema).toContain('"maxLength":1024');
    expect(schema).toContain('Stable identity');
  });
});
