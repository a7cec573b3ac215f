import { describe, expect, it } from 'vitest';
import { OpenAPISpecSlugSchema } from '../../../src/api/schemas/openapi.js';
import { OPENAPI_SLUG_PATTERN } from '../../../src/config/openapi-slug-pattern.js';
import { PROXY_PATTERN, SITE_HOSTNAME_PATTERN, SiteFields, UpdateSiteBodySchema } from '../../../src/api/schemas/site.js';
import { SiteManifestSchema } from '../../../src/site/manifest-schema.js';
import { currentContract, currentDocument, officialDocument, validateOfficial } from './official-contract.js';

/** docsync's local checks of proxies, slugs, paths and conditions are the official ones. */

type Node = Record<string, unknown>;
const schemas: Record<string, Node> = officialDocument.components.schemas;
const schema = (name: string): Node => {
  const node = schemas[name];
  if (node === undefined) throw new Error(`the official document has no ${name}`);
  return node;
};

describe('local validation follows the official patterns and bounds', () => {
  it('uses the document’s own patterns, verbatim', () => {
    expect(PROXY_PATTERN.source).toBe(schema('SiteProxyOrigin').pattern);
    expect(SITE_HOSTNAME_PATTERN.source).toBe(schema('SiteHostname').pattern);
    expect(OPENAPI_SLUG_PATTERN.source).toBe(schema('OpenAPISpecSlug').pattern);
  });

  it('conditions: the bounds of today’s Expression (0 to 1024; the seed’s Condition, 1 to 1024, is its emulator’s check)', () => {
    const expression = currentDocument.components.schemas.Expression ?? {};
    expect(SiteFields.condition.minLength ?? 0).toBe(expression.minLength ?? 0);
    expect(SiteFields.condition.maxLength).toBe(expression.maxLength);
    expect(schema('Condition').maxLength).toBe(expression.maxLength);
  });

  it.each([
    ['SiteSectionPath', SiteFields.path],
    ['SiteSpacePath', SiteFields.path],
    ['SiteBasename', SiteFields.basename],
    ['SiteTitle', SiteFields.title],
    ['SiteSectionTitle', SiteFields.sectionTitle],
    ['OpenAPISpecSlug', OpenAPISpecSlugSchema],
  ] as const)('%s: same length bounds', (name, local) => {
    const official = schema(name);
    expect(local.minLength ?? 0).toBe(official.minLength ?? 0);
    expect(local.maxLength).toBe(official.maxLength);
  });

  const proxies: [string, boolean][] = [
    ['www.example.com/docs', true],
    ['company.com/developer/docs', true],
    ['Docs.Example.COM/docs', true],
    ['my_docs.example.com/docs', true],
    ['example.com/v2.0', false],
    ['example.com/docs~old', false],
    ['example.com/a%20b', false],
    ['https://example.com/docs', false],
    ['example.com', false],
    ['example.com/docs/', false],
  ];

  it.each(proxies)('proxy %s: accepted %s, as the official schema says', (proxy, accepted) => {
    expect(validateOfficial(schema('SiteProxyOrigin'), proxy).length === 0).toBe(accepted);
    expect(UpdateSiteBodySchema.safeParse({ proxy }).success).toBe(accepted);
    const manifest = { site: { organization: 'org', title: 'Docs', proxy } };
    expect(SiteManifestSchema.safeParse(manifest).success).toBe(accepted);
  });

  it('conditions: any expression of up to 1024 characters, as today’s schema says; the seed’s differs on the empty one only', () => {
    const expression = currentDocument.components.schemas.Expression ?? {};
    for (const condition of ['visitor.claims.isBeta === true', 'a'.repeat(1024), '', 'a'.repeat(1025)]) {
      const local = SiteFields.condition.safeParse(condition).success;
      expect(local).toBe(validateOfficial(expression, condition, currentContract).length === 0);
      expect(local).toBe(validateOfficial(schema('Condition'), condition).length === 0 || condition === '');
    }
  });
});
