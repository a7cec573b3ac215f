import { describe, expect, expectTypeOf, it } from 'vitest';
import { ChangeRequestSchema, CreateChangeRequestBodySchema } from '../../../src/api/schemas/change-request.js';
import { PageSchema, type Page } from '../../../src/api/schemas/content.js';
import { CreateOpenAPISpecBodySchema } from '../../../src/api/schemas/openapi.js';
import { OPENAPI_SLUG_PATTERN } from '../../../src/config/openapi-slug-pattern.js';
import {
  CreateShareLinkBodySchema,
  CreateSectionBodySchema,
  PROXY_PATTERN,
  PutAdaptiveSchemaBodySchema,
  SITE_HOSTNAME_PATTERN,
  SiteSchema,
  UpdateSectionBodySchema,
  UpdateSiteBodySchema,
} from '../../../src/api/schemas/site.js';

const issuePaths = (r: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) => (r.error?.issues ?? []).map((i) => i.path.join('.'));

describe('request body bounds', () => {
  it('site section title is 2..128', () => {
    expect(CreateSectionBodySchema.safeParse({ spaceId: 's', title: 'ab' }).success).toBe(true);
    expect(UpdateSectionBodySchema.safeParse({ title: 'x'.repeat(128) }).success).toBe(true);
    const short = UpdateSectionBodySchema.safeParse({ title: 'a' });
    expect(issuePaths(short)).toEqual(['title']);
    expect(UpdateSectionBodySchema.safeParse({ title: 'x'.repeat(129) }).success).toBe(false);
    // null title on create means "use the space title"; spaceId is required.
    expect(CreateSectionBodySchema.safeParse({ spaceId: 's', title: null }).success).toBe(true);
    expect(issuePaths(CreateSectionBodySchema.safeParse({}))).toEqual(['spaceId']);
  });

  // Today's `Expression` is 0..1024 characters; the seed's `Condition` needed one (its emulator refuses '').
  it('section condition is 0..1024 or null', () => {
    expect(UpdateSectionBodySchema.safeParse({ condition: null }).success).toBe(true);
    expect(UpdateSectionBodySchema.safeParse({ condition: '' }).success).toBe(true);
    expect(UpdateSectionBodySchema.safeParse({ condition: 'x'.repeat(1024) }).success).toBe(true);
    expect(issuePaths(UpdateSectionBodySchema.safeParse({ condition: 'x'.repeat(1025) }))).toEqual(['condition']);
  });

  it('share link name is required, max 50', () => {
    expect(CreateShareLinkBodySchema.safeParse({ name: 'x'.repeat(50) }).success).toBe(true);
    expect(issuePaths(CreateShareLinkBodySchema.safeParse({ name: 'x'.repeat(51) }))).toEqual(['name']);
    expect(issuePaths(CreateShareLinkBodySchema.safeParse({}))).toEqual(['name']);
  });

  it('change request subject is max 100', () => {
    expect(CreateChangeRequestBodySchema.safeParse({ subject: 'x'.repeat(100) }).success).toBe(true);
    expect(issuePaths(CreateChangeRequestBodySchema.safeParse({ subject: 'x'.repeat(101) }))).toEqual(['subject']);
    expect(CreateChangeRequestBodySchema.safeParse({}).success).toBe(true);
  });

  it('openapi slug is 1..100 and kebab-case', () => {
    const ok = { slug: 'my-api-2', source: { url: 'https://example.com/openapi.yaml' } };
    expect(CreateOpenAPISpecBodySchema.safeParse(ok).success).toBe(true);
    expect(CreateOpenAPISpecBodySchema.safeParse({ ...ok, slug: 'a'.repeat(100) }).success).toBe(true);
    for (const slug of ['My-Api', 'my--api', '-api', 'api-', '', 'a'.repeat(101)]) {
      expect(issuePaths(CreateOpenAPISpecBodySchema.safeParse({ ...ok, slug }))).toContain('slug');
    }
    expect(OPENAPI_SLUG_PATTERN.test('v2')).toBe(true);
    expect(issuePaths(CreateOpenAPISpecBodySchema.safeParse({ slug: 'a', source: { url: 'nope' } }))).toEqual(['source.url']);
  });

  it('proxy is host + path segments, no scheme, max 512, or null', () => {
    expect(PROXY_PATTERN.test('example.com/docs')).toBe(true);
    expect(PROXY_PATTERN.test('www.example.co.uk/help/center')).toBe(true);
    for (const bad of ['example.com', 'https://example.com/docs', 'example.com/', 'example.com//docs', 'localhost/docs']) {
      expect(PROXY_PATTERN.test(bad), bad).toBe(false);
    }
    expect(UpdateSiteBodySchema.safeParse({ proxy: null }).success).toBe(true);
    const long = `example.com/${'a'.repeat(500)}`;
    expect(long.length).toBe(512);
    expect(UpdateSiteBodySchema.safeParse({ proxy: long }).success).toBe(true);
    expect(issuePaths(UpdateSiteBodySchema.safeParse({ proxy: `${long}b` }))).toEqual(['proxy']);
    expect(issuePaths(UpdateSiteBodySchema.safeParse({ proxy: 'example.com' }))).toEqual(['proxy']);
  });

  it('site update checks visibility, basename and agentsContext', () => {
    const r = UpdateSiteBodySchema.safeParse({ visibility: 'private', basename: '', agentsContext: 'maybe' });
    expect(issuePaths(r).sort()).toEqual(['agentsContext', 'basename', 'visibility']);
  });

  it('adaptive schema follows the official request schema: described claims, a fixed unsigned description', () => {
    const jsonSchema = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: {
        isBeta: { type: 'boolean', description: 'In the beta programme' },
        plan: { type: 'string', enum: ['free', 'pro'], description: 'Billing plan' },
        seats: { type: 'number', description: 'Seats bought' },
        unsigned: {
          type: 'object',
          description: 'Unsigned claims of the site visitor.',
          properties: { isStaff: { type: 'boolean', description: 'Works here' } },
          additionalProperties: false,
        },
      },
      additionalProperties: false,
    };
    expect(PutAdaptiveSchemaBodySchema.safeParse({ jsonSchema }).success).toBe(true);
    const undescribed = { ...jsonSchema, properties: { ...jsonSchema.properties, beta: { type: 'boolean' } } };
    expect(issuePaths(PutAdaptiveSchemaBodySchema.safeParse({ jsonSchema: undescribed }))).toEqual(['jsonSchema.properties.beta']);
    const unsigned = { ...jsonSchema.properties.unsigned, description: 'Anonymous claims' };
    expect(issuePaths(PutAdaptiveSchemaBodySchema.safeParse({ jsonSchema: { ...jsonSchema, properties: { ...jsonSchema.properties, unsigned } } }))).toEqual([
      'jsonSchema.properties.unsigned.description',
    ]);
  });
});

describe('response schemas', () => {
  const site = {
    object: 'site',
    id: 'site_1',
    type: 'basic',
    title: 'Docs',
    visibility: 'public',
    published: true,
    siteSpaces: 1,
    createdAt: '2024-01-01T00:00:00Z',
    agentsContext: 'included',
    hostname: 'docs.example.com',
    brandNewField: { nested: 1 },
  };

  it('keeps unknown fields', () => {
    const parsed = SiteSchema.parse(site);
    expect(parsed).toHaveProperty('brandNewField', { nested: 1 });
    expect(SITE_HOSTNAME_PATTERN.test('example.com')).toBe(false);
  });

  it('requires the required fields and checks enums', () => {
    const { agentsContext: _omit, ...noAgents } = site;
    // Today's API no longer sends agentsContext.
    expect(issuePaths(SiteSchema.safeParse(noAgents))).toEqual([]);
    expect(issuePaths(SiteSchema.safeParse({ ...site, agentsContext: 'sometimes' }))).toEqual([]);
    const { title: _title, ...noTitle } = site;
    expect(issuePaths(SiteSchema.safeParse(noTitle))).toEqual(['title']);
    expect(issuePaths(SiteSchema.safeParse({ ...site, type: 'ultimate' }))).toEqual([]);
  });

  it('change request status: known values typed, an unknown one kept instead of failing the response', () => {
    const cr = {
      object: 'change-request',
      id: 'cr',
      number: 3,
      status: 'merged',
      createdBy: { object: 'user', id: 'u', displayName: 'U' },
      createdAt: 'x',
      updatedAt: 'x',
      revision: 'r2',
      revisionInitial: 'r1',
      comments: 0,
      outdated: false,
      urls: { app: 'a', location: 'l' },
    };
    expect(ChangeRequestSchema.safeParse(cr).success).toBe(true);
    expect(ChangeRequestSchema.parse({ ...cr, status: 'closed' }).status).toBe('closed');
    expect(issuePaths(ChangeRequestSchema.safeParse({ ...cr, status: 3 }))).toEqual(['status']);
  });

  it('parses nested pages recursively', () => {
    const page = { id: 'p1', title: 'A', type: 'group', pages: [{ id: 'p2', title: 'B', type: 'weird', pages: [{}] }] };
    expect(issuePaths(PageSchema.safeParse(page))).toEqual(['pages.0.pages.0.id', 'pages.0.pages.0.title', 'pages.0.pages.0.type']);
    expectTypeOf<NonNullable<Page['pages']>[number]['id']>().toEqualTypeOf<string>();
  });
});
