import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../src/api/api-client.js';
import * as f from './support/fixtures.js';
import { sendJson, startServer, type LoopbackServer } from '../../support/loopback-server.js';
import { testClient } from './support/test-client.js';

let server: LoopbackServer;
let client: ApiClient;
let reply: { status: number; body?: unknown } = { status: 200 };

beforeAll(async () => {
  server = await startServer((_h, res) => {
    if (reply.body === undefined) {
      res.writeHead(reply.status);
      res.end();
    } else sendJson(res, reply.status, reply.body);
  });
  client = testClient(server.url);
});
afterAll(async () => {
  await client.close();
  await server.close();
});
beforeEach(() => {
  server.hits.length = 0;
});

const site = { orgId: 'o1', siteId: 'site1' };
/** A tree three levels deep, with a page holding an empty list of pages. */
const nestedPages = [
  {
    ...f.page,
    id: 'g1',
    type: 'group',
    pages: [
      { ...f.page, id: 'p1' },
      { ...f.page, id: 'p2', pages: [{ ...f.page, id: 'p3' }] },
      { ...f.page, id: 'p4', pages: [] },
    ],
  },
  { ...f.page, id: 'p5' },
];
/** The same tree as the API answers it: one page with what a tree read leaves out (its app URL, document id, creation time). */
const nestedAnswer = nestedPages.map((page, index) =>
  index === 1 ? { ...page, urls: { app: 'https://app.example/p5' }, documentId: 'doc_p5', createdAt: '2026-01-01T00:00:00.000Z' } : page,
);
const S = '/v1/spaces/sp1';
const SITE = '/v1/orgs/o1/sites/site1';

interface Case {
  readonly name: string;
  readonly call: (c: ApiClient) => Promise<unknown>;
  readonly reply: { status: number; body?: unknown };
  /** `METHOD /path?query` as the server saw it. */
  readonly sent: string;
  readonly body?: unknown;
  readonly result?: unknown;
}

const cases: Case[] = [
  // Change requests
  {
    name: 'list change requests by status',
    call: (c) => c.changeRequests.list('sp1', { status: 'draft' }).all(),
    reply: { status: 200, body: f.list(f.changeRequest) },
    sent: `GET ${S}/change-requests?status=draft&limit=100`,
    result: [f.changeRequest],
  },
  {
    name: 'get change request by number',
    call: (c) => c.changeRequests.get('sp1', 3),
    reply: { status: 200, body: f.changeRequest },
    sent: `GET ${S}/change-requests/3`,
    result: f.changeRequest,
  },
  {
    name: 'create change request',
    call: (c) => c.changeRequests.create('sp1', { subject: 'Sync' }),
    reply: { status: 201, body: f.changeRequest },
    sent: `POST ${S}/change-requests`,
    body: { subject: 'Sync' },
  },
  {
    name: 'update change request',
    call: (c) => c.changeRequests.update('sp1', 'cr1', { status: 'archived' }),
    reply: { status: 200, body: f.changeRequest },
    sent: `PATCH ${S}/change-requests/cr1`,
    body: { status: 'archived' },
  },
  {
    name: 'merge',
    call: (c) => c.changeRequests.merge('sp1', 'cr1'),
    reply: { status: 200, body: { revision: 'r3', result: 'merge' } },
    sent: `POST ${S}/change-requests/cr1/merge`,
    result: { revision: 'r3', result: 'merge' },
  },
  {
    name: 'update from main',
    call: (c) => c.changeRequests.updateFromMain('sp1', 'cr1'),
    reply: { status: 200, body: { revision: 'r4', result: 'update' } },
    sent: `POST ${S}/change-requests/cr1/update`,
  },
  {
    name: 'request reviewers',
    call: (c) => c.changeRequests.requestReviewers('sp1', 'cr1', { users: ['u1'] }),
    reply: { status: 200, body: { users: [f.reviewer] } },
    sent: `POST ${S}/change-requests/cr1/requested-reviewers`,
    body: { users: ['u1'] },
  },
  // Content
  {
    name: 'space revision',
    call: (c) => c.content.getRevision({ spaceId: 'sp1' }, { metadata: false }),
    reply: { status: 200, body: f.revision },
    sent: `GET ${S}/content?metadata=false`,
  },
  {
    name: 'change request revision',
    call: (c) => c.content.getRevision({ spaceId: 'sp1', changeRequest: 3 }),
    reply: { status: 200, body: f.revision },
    sent: `GET ${S}/change-requests/3/content`,
  },
  {
    name: 'list pages',
    call: (c) => c.content.listPages({ spaceId: 'sp1' }),
    reply: { status: 200, body: { pages: [f.page] } },
    sent: `GET ${S}/content/pages`,
    result: [f.page],
  },
  {
    name: 'list pages, nested pages in their parents, an empty list kept, what a tree read leaves out left out',
    call: (c) => c.content.listPages({ spaceId: 'sp1' }),
    reply: { status: 200, body: { pages: nestedAnswer } },
    sent: `GET ${S}/content/pages`,
    result: nestedPages,
  },
  {
    name: 'each page of the tree, depth first, with its depth and without its pages',
    call: async (c) => {
      const visited: [string, number, boolean][] = [];
      await c.content.eachPage({ spaceId: 'sp1', changeRequest: 'cr1' }, (page, depth) => visited.push([page.id, depth, 'pages' in page]));
      return visited;
    },
    reply: { status: 200, body: { pages: nestedPages } },
    sent: `GET ${S}/change-requests/cr1/content/pages`,
    result: [
      ['g1', 0, false],
      ['p1', 1, false],
      ['p2', 1, false],
      ['p3', 2, false],
      ['p4', 1, false],
      ['p5', 0, false],
    ],
  },
  {
    name: 'get page',
    call: (c) => c.content.getPage({ spaceId: 'sp1', changeRequest: 'cr1' }, 'p/1', { format: 'markdown' }),
    reply: { status: 200, body: f.page },
    sent: `GET ${S}/change-requests/cr1/content/page/p%2F1?format=markdown`,
  },
  {
    name: 'import into a change request',
    call: (c) => c.content.import({ spaceId: 'sp1', changeRequest: 'cr1' }, { url: 'https://a.example/b.zip', source: 'zip' }),
    reply: { status: 201, body: { revision: 'r5', importedResources: 2, totalResources: 2 } },
    sent: `POST ${S}/change-requests/cr1/content/import`,
    body: { url: 'https://a.example/b.zip', source: 'zip' },
  },
  // OpenAPI
  { name: 'get spec', call: (c) => c.openapi.get('o1', 'petstore'), reply: { status: 200, body: f.spec }, sent: 'GET /v1/orgs/o1/openapi/petstore' },
  {
    name: 'put spec by url',
    call: (c) => c.openapi.put('o1', 'petstore', { url: 'https://x.example/openapi.yaml' }),
    reply: { status: 200, body: f.spec },
    sent: 'PUT /v1/orgs/o1/openapi/petstore',
    body: { source: { url: 'https://x.example/openapi.yaml' } },
  },
  {
    name: 'put spec by text',
    call: (c) => c.openapi.put('o1', 'petstore', { text: 'openapi: 3.1.0' }),
    reply: { status: 200, body: f.spec },
    sent: 'PUT /v1/orgs/o1/openapi/petstore',
    body: { source: { text: 'openapi: 3.1.0' } },
  },
  {
    name: 'list spec versions',
    call: (c) => c.openapi.listVersions('o1', 'petstore').all(),
    reply: { status: 200, body: f.list(f.specVersion) },
    sent: 'GET /v1/orgs/o1/openapi/petstore/versions?limit=100',
  },
  {
    name: 'latest spec content',
    call: (c) => c.openapi.getLatestContent('o1', 'petstore'),
    reply: { status: 200, body: { filesystem: { 'openapi.yaml': 'openapi: 3.1.0' }, url: 'https://x.example/openapi.yaml' } },
    sent: 'GET /v1/orgs/o1/openapi/petstore/versions/latest/content',
  },
  // Sites
  {
    name: 'list sites',
    call: (c) => c.sites.list('o1', { published: true }).all(),
    reply: { status: 200, body: f.list(f.site) },
    sent: 'GET /v1/orgs/o1/sites?published=true&limit=100',
  },
  { name: 'get site', call: (c) => c.sites.get(site), reply: { status: 200, body: f.site }, sent: `GET ${SITE}` },
  {
    name: 'create site',
    call: (c) => c.sites.create('o1', { title: 'Docs' }),
    reply: { status: 201, body: f.site },
    sent: 'POST /v1/orgs/o1/sites',
    body: { title: 'Docs' },
  },
  {
    name: 'update site',
    call: (c) => c.sites.update(site, { visibility: 'unlisted', proxy: null }),
    reply: { status: 200, body: f.site },
    sent: `PATCH ${SITE}`,
    body: { visibility: 'unlisted', proxy: null },
  },
  {
    name: 'get adaptive schema',
    call: (c) => c.sites.getAdaptiveSchema(site),
    reply: { status: 200, body: f.adaptiveSchema },
    sent: `GET ${SITE}/adaptive-schema`,
  },
  {
    name: 'put adaptive schema',
    call: (c) => c.sites.putAdaptiveSchema(site, f.jsonSchema as never),
    reply: { status: 200, body: f.adaptiveSchema },
    sent: `PUT ${SITE}/adaptive-schema`,
    body: { jsonSchema: f.jsonSchema },
  },
  // Section groups
  {
    name: 'create section group',
    call: (c) => c.sectionGroups.create(site, { title: 'Group', sections: ['sec1'] }),
    reply: { status: 201, body: f.sectionGroup },
    sent: `POST ${SITE}/section-groups`,
    body: { title: 'Group', sections: ['sec1'] },
  },
  {
    name: 'update section group',
    call: (c) => c.sectionGroups.update(site, 'g1', { title: 'G' }),
    reply: { status: 200, body: f.sectionGroup },
    sent: `PATCH ${SITE}/section-groups/g1`,
    body: { title: 'G' },
  },
  { name: 'delete section group', call: (c) => c.sectionGroups.delete(site, 'g1'), reply: { status: 205 }, sent: `DELETE ${SITE}/section-groups/g1` },
  {
    name: 'add section to group',
    call: (c) => c.sectionGroups.addSection(site, 'g1', 'sec1'),
    reply: { status: 201, body: f.sectionGroup },
    sent: `POST ${SITE}/section-groups/g1/sections`,
    body: { sectionId: 'sec1' },
  },
  {
    name: 'remove section from group',
    call: (c) => c.sectionGroups.removeSection(site, 'g1', 'sec1'),
    reply: { status: 205 },
    sent: `DELETE ${SITE}/section-groups/g1/sections/sec1`,
  },
  // Sections
  {
    name: 'list sections',
    call: (c) => c.sections.list(site, { shareKey: 'k1' }).all(),
    reply: { status: 200, body: f.list(f.section) },
    sent: `GET ${SITE}/sections?shareKey=k1&limit=100`,
  },
  {
    name: 'create section',
    call: (c) => c.sections.create(site, { spaceId: 'sp1', title: 'Guides' }),
    reply: { status: 201, body: f.section },
    sent: `POST ${SITE}/sections`,
    body: { spaceId: 'sp1', title: 'Guides' },
  },
  {
    name: 'update section',
    call: (c) => c.sections.update(site, 'sec1', { condition: null }),
    reply: { status: 200, body: f.section },
    sent: `PATCH ${SITE}/sections/sec1`,
    body: { condition: null },
  },
  { name: 'delete section', call: (c) => c.sections.delete(site, 'sec1'), reply: { status: 205 }, sent: `DELETE ${SITE}/sections/sec1` },
  // Site spaces
  {
    name: 'list site spaces',
    call: (c) => c.siteSpaces.list(site, { default: false }).all(),
    reply: { status: 200, body: f.list(f.siteSpace) },
    sent: `GET ${SITE}/site-spaces?default=false&limit=100`,
  },
  {
    name: 'create site space',
    call: (c) => c.siteSpaces.create(site, { spaceId: 'sp1', sectionId: 'sec1' }),
    reply: { status: 201, body: f.siteSpace },
    sent: `POST ${SITE}/site-spaces`,
    body: { spaceId: 'sp1', sectionId: 'sec1' },
  },
  {
    name: 'update site space',
    call: (c) => c.siteSpaces.update(site, 'ss1', { path: 'g' }),
    reply: { status: 200, body: f.siteSpace },
    sent: `PATCH ${SITE}/site-spaces/ss1`,
    body: { path: 'g' },
  },
  { name: 'delete site space', call: (c) => c.siteSpaces.delete(site, 'ss1'), reply: { status: 205 }, sent: `DELETE ${SITE}/site-spaces/ss1` },
  // Share links
  {
    name: 'list share links',
    call: (c) => c.shareLinks.list(site).all(),
    reply: { status: 200, body: f.list(f.shareLink) },
    sent: `GET ${SITE}/share-links?limit=100`,
  },
  {
    name: 'create share link',
    call: (c) => c.shareLinks.create(site, { name: 'partners' }),
    reply: { status: 201, body: f.shareLink },
    sent: `POST ${SITE}/share-links`,
    body: { name: 'partners' },
  },
  {
    name: 'update share link',
    call: (c) => c.shareLinks.update(site, 'sl1', { active: false }),
    reply: { status: 200, body: f.shareLink },
    sent: `PATCH ${SITE}/share-links/sl1`,
    body: { active: false },
  },
  { name: 'delete share link', call: (c) => c.shareLinks.delete(site, 'sl1'), reply: { status: 205 }, sent: `DELETE ${SITE}/share-links/sl1` },
  // Organizations
  {
    name: 'list organizations',
    call: (c) => c.organizations.list().all(),
    reply: { status: 200, body: f.list(f.organization) },
    sent: 'GET /v1/orgs?limit=100',
  },
];

describe('typed resource methods', () => {
  it.each(cases)('$name', async (c) => {
    reply = c.reply;
    const result = await c.call(client);
    expect(server.hits).toHaveLength(1);
    const hit = server.hits[0]!;
    expect(`${hit.method} ${hit.url}`).toBe(c.sent);
    if (c.body === undefined) expect(hit.body).toBe('');
    else {
      expect(JSON.parse(hit.body)).toEqual(c.body);
      expect(hit.headers['content-type']).toBe('application/json');
    }
    if ('result' in c) expect(result).toEqual(c.result);
    else if (c.reply.body !== undefined) expect(result).toBeDefined();
    else expect(result).toBeUndefined();
  });
});
