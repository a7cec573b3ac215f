import { readFile } from 'node:fs/promises';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../src/api/api-client.js';
import { CLIENT_OPERATIONS } from '../../../src/api/contracts/client-operations.js';
import { ResponseShapeError } from '../../../src/api/errors/response-shape-error.js';
import { FileSchema } from '../../../src/api/schemas/content.js';
import { ContractValidator } from '../../../src/emulator/contract/contract-validator.js';
import { OpenApiDocumentSchema, type OpenApiDocument } from '../../../src/emulator/contract/openapi-document.js';
import { LATEST_CONTRACT_ENV } from '../../../scripts/latest-contract-env.js';
import { sendJson, startServer, type LoopbackServer } from '../../support/loopback-server.js';
import { testClient } from '../api/support/test-client.js';
import { contract, currentContract, currentDocument, officialDocument, officialOperation, validateOfficial } from './official-contract.js';
import { SchemaArbitraries, type FillMode } from './schema-arbitrary.js';

/**
 * Client tolerance: for every operation docsync's client calls, in each published document that
 * has it (0.130.0, the seed's, and 0.202.0, today's), instances generated from the response
 * schema (with every optional field, with only the required ones, with every nullable value
 * null) and hand-made answers of today's shapes are served to the real client, which must parse
 * every one of them. `npm run contract:latest` adds the newest published document
 * (DOCSYNC_LATEST_CONTRACT: the path of its JSON).
 */

const PER_MODE = 25;
/** Instances with every nullable value null: each is much like the next. */
const NULLS = 5;
const SITE = { orgId: 'org1', siteId: 'site1' };
const CR = { spaceId: 'space1', changeRequest: 'cr1' };

interface ClientCall {
  /** `METHOD /template` as the documents spell it. */
  readonly operation: string;
  readonly call: (client: ApiClient) => Promise<unknown>;
}

const site = '/orgs/{organizationId}/sites/{siteId}';
const cr = '/spaces/{spaceId}/change-requests/{changeRequestId}';
const REVISION = { spaceId: 'space1', revision: 'rev1' };

/** Every call of the client that reads a body, by the operation it reaches (`METHOD /template`, as in CLIENT_OPERATIONS). */
const CALLS: readonly ClientCall[] = [
  { operation: 'GET /', call: (c) => c.information() },
  { operation: 'GET /orgs', call: (c) => c.organizations.list().all() },
  { operation: 'GET /orgs/{organizationId}/openapi/{specSlug}', call: (c) => c.openapi.get('org1', 'petstore') },
  { operation: 'PUT /orgs/{organizationId}/openapi/{specSlug}', call: (c) => c.openapi.put('org1', 'petstore', { text: '{}' }) },
  { operation: 'GET /orgs/{organizationId}/openapi/{specSlug}/versions', call: (c) => c.openapi.listVersions('org1', 'petstore').all() },
  { operation: 'GET /orgs/{organizationId}/openapi/{specSlug}/versions/latest/content', call: (c) => c.openapi.getLatestContent('org1', 'petstore') },
  { operation: 'GET /orgs/{organizationId}/sites', call: (c) => c.sites.list('org1').all() },
  { operation: 'POST /orgs/{organizationId}/sites', call: (c) => c.sites.create('org1', { title: 'Docs' }) },
  { operation: `GET ${site}`, call: (c) => c.sites.get(SITE) },
  { operation: `PATCH ${site}`, call: (c) => c.sites.update(SITE, { title: 'Docs' }) },
  { operation: `GET ${site}/adaptive-schema`, call: (c) => c.sites.getAdaptiveSchema(SITE) },
  { operation: `GET ${site}/structure`, call: (c) => c.sites.getStructure(SITE) },
  {
    operation: `PUT ${site}/adaptive-schema`,
    call: (c) => c.sites.putAdaptiveSchema(SITE, { type: 'object', properties: {}, additionalProperties: false }),
  },
  { operation: `GET ${site}/sections`, call: (c) => c.sections.list(SITE).all() },
  { operation: `POST ${site}/sections`, call: (c) => c.sections.create(SITE, { spaceId: 'space1' }) },
  { operation: `PATCH ${site}/sections/{siteSectionId}`, call: (c) => c.sections.update(SITE, 'sec1', { title: 'Guides' }) },
  { operation: `POST ${site}/section-groups`, call: (c) => c.sectionGroups.create(SITE, { title: 'Group' }) },
  { operation: `PATCH ${site}/section-groups/{siteSectionGroupId}`, call: (c) => c.sectionGroups.update(SITE, 'grp1', { title: 'Group' }) },
  { operation: `POST ${site}/section-groups/{siteSectionGroupId}/sections`, call: (c) => c.sectionGroups.addSection(SITE, 'grp1', 'sec1') },
  { operation: `GET ${site}/site-spaces`, call: (c) => c.siteSpaces.list(SITE).all() },
  { operation: `POST ${site}/site-spaces`, call: (c) => c.siteSpaces.create(SITE, { spaceId: 'space1' }) },
  { operation: `PATCH ${site}/site-spaces/{siteSpaceId}`, call: (c) => c.siteSpaces.update(SITE, 'ss1', { path: 'v2' }) },
  { operation: `GET ${site}/share-links`, call: (c) => c.shareLinks.list(SITE).all() },
  { operation: `POST ${site}/share-links`, call: (c) => c.shareLinks.create(SITE, { name: 'partners' }) },
  { operation: `PATCH ${site}/share-links/{shareLinkId}`, call: (c) => c.shareLinks.update(SITE, 'sl1', { active: false }) },
  { operation: `GET ${site}/redirects`, call: (c) => c.siteRedirects.list(SITE).all() },
  {
    operation: `POST ${site}/redirects`,
    call: (c) => c.siteRedirects.create(SITE, { source: '/old', destination: { kind: 'site-page', siteSpaceId: 'ss1', pageId: 'p1' } }),
  },
  { operation: `PUT ${site}/redirects`, call: (c) => c.siteRedirects.bulkUpsert(SITE, [{ source: '/old', destination: null }]) },
  { operation: `PATCH ${site}/redirects/{siteRedirectId}`, call: (c) => c.siteRedirects.update(SITE, 'r1', { source: '/old' }) },
  { operation: `POST ${site}/external-links`, call: (c) => c.externalLinks.create(SITE, { title: 'Status', url: 'https://status.example.com' }) },
  { operation: `PATCH ${site}/external-links/{siteExternalLinkId}`, call: (c) => c.externalLinks.update(SITE, 'link1', { title: 'Status' }) },
  { operation: 'GET /spaces/{spaceId}', call: (c) => c.spaces.get('space1') },
  { operation: 'GET /spaces/{spaceId}/content', call: (c) => c.content.getRevision({ spaceId: 'space1' }) },
  { operation: 'GET /spaces/{spaceId}/content/pages', call: (c) => c.content.listPages({ spaceId: 'space1' }) },
  { operation: 'GET /spaces/{spaceId}/content/page/{pageId}', call: (c) => c.content.getPage({ spaceId: 'space1' }, 'p1') },
  // As `docsync pull` lists a space's files.
  { operation: 'GET /spaces/{spaceId}/content/files', call: (c) => c.list({ path: '/spaces/space1/content/files', itemSchema: FileSchema }) },
  {
    operation: 'POST /spaces/{spaceId}/content/import',
    call: (c) => c.content.import({ spaceId: 'space1' }, { source: 'zip', url: 'https://example.com/a.zip' }),
  },
  { operation: 'GET /spaces/{spaceId}/revisions/{revisionId}', call: (c) => c.content.getRevision(REVISION) },
  { operation: 'GET /spaces/{spaceId}/revisions/{revisionId}/page/{pageId}', call: (c) => c.content.getPage(REVISION, 'p1') },
  { operation: 'GET /spaces/{spaceId}/change-requests', call: (c) => c.changeRequests.list('space1').all() },
  { operation: 'POST /spaces/{spaceId}/change-requests', call: (c) => c.changeRequests.create('space1', { subject: 'Sync' }) },
  { operation: `GET ${cr}`, call: (c) => c.changeRequests.get('space1', 'cr1') },
  { operation: `PATCH ${cr}`, call: (c) => c.changeRequests.update('space1', 'cr1', { subject: 'Sync' }) },
  { operation: `POST ${cr}/merge`, call: (c) => c.changeRequests.merge('space1', 'cr1') },
  { operation: `POST ${cr}/update`, call: (c) => c.changeRequests.updateFromMain('space1', 'cr1') },
  { operation: `POST ${cr}/requested-reviewers`, call: (c) => c.changeRequests.requestReviewers('space1', 'cr1', { users: ['u1'] }) },
  { operation: `POST ${cr}/comments`, call: (c) => c.changeRequests.comment('space1', 'cr1', 'Superseded by change request 2.') },
  { operation: `GET ${cr}/content`, call: (c) => c.content.getRevision(CR) },
  { operation: `POST ${cr}/content`, call: (c) => c.content.applyChanges('space1', 'cr1', [{ operation: 'delete_page', page: 'p1' }]) },
  { operation: `GET ${cr}/content/pages`, call: (c) => c.content.listPages(CR) },
  { operation: `GET ${cr}/content/page/{pageId}`, call: (c) => c.content.getPage(CR, 'p1') },
  { operation: `POST ${cr}/content/import`, call: (c) => c.content.import(CR, { source: 'zip', url: 'https://example.com/a.zip' }) },
];

interface Outcome {
  readonly operation: string;
  readonly generated: number;
  readonly rejected: number;
}

/** One instance of a named schema of the document. */
type Sample = (schemaName: string, mode?: FillMode) => Record<string, unknown>;

/** A hand-made answer of one operation: shapes today's API sends that generation may not hit every time. */
interface Variant {
  readonly name: string;
  readonly operation: string;
  readonly make: (sample: Sample) => unknown;
}

const group = (sample: Sample, children: unknown[]) => ({ ...sample('SiteSectionGroup'), children });

/** Today's shapes, built from generated parts so each stays a legal answer (the test checks it is). */
const VARIANTS: readonly Variant[] = [
  {
    name: 'a site without agentsContext',
    operation: `GET ${site}`,
    make: (sample) => {
      const { agentsContext: _gone, ...rest } = sample('Site');
      return rest;
    },
  },
  {
    name: 'a structure of external links and groups holding sections, links and groups',
    operation: `GET ${site}/structure`,
    make: (sample) => ({
      type: 'sections',
      structure: [
        sample('SiteExternalLink'),
        group(sample, [sample('SiteSection'), sample('SiteExternalLink'), group(sample, [sample('SiteExternalLink', 'minimal')])]),
        sample('SiteSection', 'minimal'),
      ],
    }),
  },
  {
    name: 'a created section group with an external link among its children',
    operation: `POST ${site}/section-groups`,
    make: (sample) => group(sample, [sample('SiteExternalLink', 'minimal')]),
  },
  {
    name: 'a comment with a JSON-document body and permissions.reply',
    operation: `POST ${cr}/comments`,
    make: (sample) => ({
      ...sample('Comment'),
      body: { document: { object: 'document', data: {}, nodes: [] } },
      permissions: { view: true, edit: false, reply: true, delete: false },
    }),
  },
  {
    name: 'a comment without permissions.reply',
    operation: `POST ${cr}/comments`,
    make: (sample) => ({ ...sample('Comment', 'minimal'), permissions: { view: true, edit: false, delete: false } }),
  },
];

type ContractLabel = 'seed' | 'current' | 'latest';

async function latestContract(): Promise<[ContractLabel, OpenApiDocument, ContractValidator][]> {
  const file = process.env[LATEST_CONTRACT_ENV];
  if (file === undefined || file === '') return [];
  const document = OpenApiDocumentSchema.parse(JSON.parse(await readFile(file, 'utf8')) as unknown);
  // Today's errata: one that no longer applies says so, which is worth knowing too.
  return [['latest', document, new ContractValidator(document, 'current')]];
}

/** The documents the client is held to: the seed's, today's and, from `npm run contract:latest`, the newest. */
const CONTRACTS: readonly (readonly [ContractLabel, OpenApiDocument, ContractValidator])[] = [
  ['seed', officialDocument, contract],
  ['current', currentDocument, currentContract],
  ...(await latestContract()),
];

const split = (operation: string): [string, string] => {
  const [method = '', template = ''] = operation.split(' ');
  return [method, template];
};

describe.each(CONTRACTS)('the client accepts every answer the %s document allows', (name, document, validator) => {
  let server: LoopbackServer;
  let client: ApiClient;
  /** What the server answers next; a follow-up page request gets an empty last page. */
  let answer: unknown;
  /** The operations the client reached, as the document spells them. */
  const reached: string[] = [];
  const outcomes: Outcome[] = [];
  const arbitraries = new SchemaArbitraries(document, (schema, value) => validateOfficial(schema, value, validator).length === 0);
  const operationOf = (key: string) => officialOperation(...split(key), validator);
  const calls = CALLS.filter((c) => operationOf(c.operation)?.response !== undefined);
  const sample: Sample = (schemaName, mode = 'full') => {
    const [one] = fc.sample(arbitraries.of({ $ref: `#/components/schemas/${schemaName}` }, mode), { numRuns: 1, seed: 7 });
    return one as Record<string, unknown>;
  };

  beforeAll(async () => {
    server = await startServer((hit, res) => {
      const operation = validator.operations.find(hit.method, hit.path.replace(/^\/v1/, ''));
      if (operation === undefined) return sendJson(res, 404, { error: { code: 404, message: `no ${hit.method} ${hit.path}` } });
      reached.push(`${hit.method} ${operation.template}`);
      sendJson(res, 200, hit.query.has('page') ? { items: [] } : answer);
    });
    client = testClient(server.url);
  });

  afterAll(async () => {
    await client.close();
    await server.close();
    const total = outcomes.reduce((sum, o) => sum + o.generated, 0);
    const rejected = outcomes.reduce((sum, o) => sum + o.rejected, 0);
    // The evidence: instances per operation and rejections.
    console.log(
      [
        `client tolerance, ${name} (operation, instances, rejected):`,
        ...outcomes.map((o) => `  ${o.operation}  ${o.generated}  ${o.rejected}`),
        `  total: ${outcomes.length} operations, ${total} instances, ${rejected} rejected`,
      ].join('\n'),
    );
  });

  it('calls every operation docsync calls that answers a body in this document', () => {
    expect(CALLS.map((c) => c.operation).filter((key) => !CLIENT_OPERATIONS.includes(key))).toEqual([]);
    const withBody = CLIENT_OPERATIONS.filter((key) => operationOf(key)?.response !== undefined);
    expect(calls.map((c) => c.operation).sort()).toEqual([...withBody].sort());
    // The seed's document has no content batches and no external links.
    if (name === 'seed') expect(calls).toHaveLength(48);
    // Today's dropped content import (space and change request) and adding a section to a group.
    if (name === 'current') expect(calls).toHaveLength(49);
  });

  it.each(calls.map((c) => [c.operation, c] as const))('%s', async (key, clientCall) => {
    const operation = operationOf(key);
    const schema = operation?.response;
    if (operation === undefined || schema === undefined) throw new Error(`the ${name} document has no JSON answer for ${key}`);
    const instances: unknown[] = [];
    for (const [mode, seed, runs] of [
      ['full', 1, PER_MODE],
      ['minimal', 2, PER_MODE],
      ['nulls', 3, NULLS],
    ] as [FillMode, number, number][]) {
      instances.push(...fc.sample(arbitraries.of(schema, mode), { numRuns: runs, seed }));
    }
    const variants = (name === 'seed' ? [] : VARIANTS.filter((v) => v.operation === key)).flatMap((v) => {
      try {
        return [[v.name, v.make(sample)] as const];
      } catch (error) {
        // The newest document may lack a schema a variant is built from; today's may not.
        if (name === 'current') throw error;
        return [];
      }
    });
    // Hand-made answers are held to the document too: today's must be legal; the newest may have moved on.
    for (const [variant, instance] of variants) {
      const violations = validateOfficial(schema, instance, validator);
      if (name === 'current') expect(violations, variant).toEqual([]);
      if (violations.length === 0) instances.push(instance);
    }
    const rejections: string[] = [];
    for (const instance of instances) {
      // The generator is held to the contract too: every instance is a legal answer.
      expect(validateOfficial(schema, instance, validator)).toEqual([]);
      answer = instance;
      reached.length = 0;
      try {
        await clientCall.call(client);
      } catch (error) {
        if (!(error instanceof ResponseShapeError)) throw error;
        rejections.push(error.message);
      }
      expect(reached[0]).toBe(key);
    }
    outcomes.push({ operation: operation.id, generated: instances.length, rejected: rejections.length });
    expect(instances.length).toBeGreaterThanOrEqual(2 * PER_MODE + NULLS);
    expect(rejections.slice(0, 3)).toEqual([]);
  });
});
