import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { fetchSpecText } from '../../../src/emulator/openapi/fetch-spec.js';
import { ORG, call, json, startTestEmulator } from '../../support/emulator-harness.js';

const BASE = `/v1/orgs/${ORG}/openapi`;
const YAML_SPEC =
  'openapi: 3.0.3\ninfo:\n  title: Pets\n  version: 1.0.0\npaths:\n  /pets:\n    get:\n      responses:\n        "200":\n          description: ok\n';
const JSON_SPEC = JSON.stringify({ swagger: '2.0', info: { title: 'Old', version: '1' }, paths: {} });

let emulator: RunningEmulator;
let server: Server;
let serverUrl: string;
/** Responses held by `/hold` until a test releases them. */
const held: ServerResponse[] = [];

beforeAll(async () => {
  emulator = await startTestEmulator({ contract: 'seed' });
  server = createServer((request, response) => {
    if (request.url === '/spec.json') {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON_SPEC);
    } else if (request.url === '/hold') {
      held.push(response);
    } else {
      response.writeHead(404).end('not here');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const response of held) response.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await emulator.close();
});
beforeEach(() => emulator.reset());

/** Polls the spec until processing is complete (bounded; no fixed sleep decides the outcome). */
async function settled(slug: string): Promise<Record<string, any>> {
  for (let attempt = 0; attempt < 500; attempt++) {
    const spec = json((await call(emulator, 'GET', `${BASE}/${slug}`)).body);
    if (spec.processingState === 'complete') return spec;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`spec ${slug} never completed processing`);
}

async function closedPortUrl(): Promise<string> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return `http://127.0.0.1:${port}/openapi.yaml`;
}

describe('openapi specs: processing', () => {
  it('creates from text (201, pending), then completes; content holds the text', async () => {
    const res = await call(emulator, 'POST', BASE, { as: 'create', body: { slug: 'pets', source: { text: YAML_SPEC } } });
    expect(res.status).toBe(201);
    const created = json(res.body);
    expect(created).toMatchObject({ object: 'openapi-spec', slug: 'pets', processingState: 'pending', permissions: { view: true, edit: true } });
    expect(created.sourceURL).toBeUndefined();
    expect(created.urls.location).toBe(`${emulator.url}${BASE}/pets`);

    const done = await settled('pets');
    expect(done.lastProcessedAt).toEqual(expect.any(String));
    expect(done.lastProcessErrorCode).toBeUndefined();
    expect(done.lastVersion).toBe(created.lastVersion);

    const content = await call(emulator, 'GET', `${BASE}/pets/versions/latest/content`, { as: 'read' });
    expect(content.status).toBe(200);
    expect(json(content.body).filesystem).toEqual({ 'openapi.yaml': YAML_SPEC });
    const latest = json((await call(emulator, 'GET', `${BASE}/pets/versions/latest`)).body);
    expect(json(content.body).url).toBe(latest.url);
  });

  it('fetches a URL source and completes; the content is the fetched JSON', async () => {
    const url = `${serverUrl}/spec.json`;
    const res = await call(emulator, 'POST', BASE, { body: { slug: 'legacy', source: { url } } });
    expect(res.status).toBe(201);
    expect(json(res.body).sourceURL).toBe(url);
    const done = await settled('legacy');
    expect(done.lastProcessErrorCode).toBeUndefined();
    const version = json((await call(emulator, 'GET', `${BASE}/legacy/versions/${String(done.lastVersion)}`)).body);
    expect(version).toMatchObject({ object: 'openapi-spec-version', id: done.lastVersion, url });
    const content = json((await call(emulator, 'GET', `${BASE}/legacy/versions/${String(done.lastVersion)}/content`)).body);
    expect(content).toEqual({ filesystem: { 'openapi.json': JSON_SPEC }, url });
  });

  it('fails with FETCH_ERROR on a closed port and on a non-2xx answer', async () => {
    await call(emulator, 'POST', BASE, { body: { slug: 'closed', source: { url: await closedPortUrl() } } });
    expect((await settled('closed')).lastProcessErrorCode).toBe('FETCH_ERROR');
    await call(emulator, 'POST', BASE, { body: { slug: 'missing', source: { url: `${serverUrl}/nothing.yaml` } } });
    expect((await settled('missing')).lastProcessErrorCode).toBe('FETCH_ERROR');
  });

  it('fails with PARSE_ERROR on text that is not an OpenAPI document; a good version clears it', async () => {
    await call(emulator, 'POST', BASE, { body: { slug: 'broken', source: { text: 'openapi: [unclosed' } } });
    expect((await settled('broken')).lastProcessErrorCode).toBe('PARSE_ERROR');
    await call(emulator, 'PUT', `${BASE}/not-a-spec`, { body: { source: { text: 'title: just yaml\n' } } });
    expect((await settled('not-a-spec')).lastProcessErrorCode).toBe('PARSE_ERROR');
    const fixed = await call(emulator, 'PUT', `${BASE}/broken`, { body: { source: { text: YAML_SPEC } } });
    expect(json(fixed.body).processingState).toBe('pending');
    expect((await settled('broken')).lastProcessErrorCode).toBeUndefined();
  });

  it('lets only the newest version decide the state: an older fetch in flight is ignored', async () => {
    await call(emulator, 'POST', BASE, { body: { slug: 'race', source: { url: `${serverUrl}/hold` } } });
    for (let attempt = 0; held.length === 0; attempt++) {
      if (attempt > 500) throw new Error('the emulator never fetched /hold');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const newer = json((await call(emulator, 'PUT', `${BASE}/race`, { body: { source: { text: YAML_SPEC } } })).body);
    const done = await settled('race');
    expect(done.lastProcessErrorCode).toBeUndefined();
    // Now let the old fetch fail; its run is stale and must not touch the spec.
    const stale = held.shift()!;
    await new Promise((resolve) => stale.writeHead(500).end('boom', () => resolve(undefined)));
    for (let check = 0; check < 5; check++) {
      const spec = json((await call(emulator, 'GET', `${BASE}/race`)).body);
      expect(spec).toMatchObject({ processingState: 'complete', lastVersion: newer.lastVersion });
      expect(spec.lastProcessErrorCode).toBeUndefined();
    }
  });

  it('reports FETCH_TIMEOUT when the source does not answer in time', async () => {
    const result = await fetchSpecText(`${serverUrl}/hold`, 1024, 50);
    expect(result).toMatchObject({ ok: false, code: 'FETCH_TIMEOUT' });
  });
});

describe('openapi specs: operations', () => {
  it('lists specs (200) with paging bounds', async () => {
    await call(emulator, 'POST', BASE, { body: { slug: 'a', source: { text: YAML_SPEC } } });
    await call(emulator, 'POST', BASE, { body: { slug: 'b', source: { text: YAML_SPEC } } });
    const list = await call(emulator, 'GET', BASE, { as: 'read', query: { limit: 1000 } });
    expect(list.status).toBe(200);
    expect(json(list.body).items.map((s: { slug: string }) => s.slug)).toEqual(['a', 'b']);
    expect(json(list.body).items[0].permissions).toEqual({ view: true, edit: false, delete: false });
    const over = await call(emulator, 'GET', BASE, { query: { limit: 1001 } });
    expect(over.status).toBe(400);
    expect(json(over.body).error.message).toContain('limit');
  });

  it('keeps versions newest first; latest is lastVersion', async () => {
    await call(emulator, 'POST', BASE, { body: { slug: 'grow', source: { text: YAML_SPEC } } });
    await call(emulator, 'PUT', `${BASE}/grow`, { body: { source: { text: JSON_SPEC } } });
    const last = json((await call(emulator, 'PUT', `${BASE}/grow`, { body: { source: { url: `${serverUrl}/spec.json` } } })).body);
    const versions = await call(emulator, 'GET', `${BASE}/grow/versions`, { as: 'read' });
    expect(versions.status).toBe(200);
    const items = json(versions.body).items;
    expect(items).toHaveLength(3);
    expect(items[0].id).toBe(last.lastVersion);
    expect(items[2].url).toMatch(/\.yaml$/);
    expect(items[1].url).toMatch(/\.json$/);
    const paged = await call(emulator, 'GET', `${BASE}/grow/versions`, { query: { limit: 2 } });
    expect(json(paged.body).next.page).toEqual(expect.any(String));
    const latest = json((await call(emulator, 'GET', `${BASE}/grow/versions/latest`)).body);
    expect(latest.id).toBe(last.lastVersion);
    expect((await call(emulator, 'GET', `${BASE}/grow/versions/oasv-nope`)).status).toBe(404);
    expect((await call(emulator, 'GET', `${BASE}/grow/versions/oasv-nope/content`)).status).toBe(404);
  });

  it('PUT creates (200) when absent and adds a version when present', async () => {
    const created = await call(emulator, 'PUT', `${BASE}/made-by-put`, { as: 'create', body: { source: { text: YAML_SPEC } } });
    expect(created.status).toBe(200);
    expect(json(created.body)).toMatchObject({ slug: 'made-by-put', processingState: 'pending' });
    const updated = await call(emulator, 'PUT', `${BASE}/made-by-put`, { body: { source: { url: `${serverUrl}/spec.json` } } });
    expect(json(updated.body).id).toBe(json(created.body).id);
    expect(json(updated.body).lastVersion).not.toBe(json(created.body).lastVersion);
    const missing = await call(emulator, 'PUT', `${BASE}/made-by-put`, { body: {} });
    expect(missing.status).toBe(400);
    expect(json(missing.body).error.message).toContain('source');
  });

  it('deletes (205); the spec and its versions are gone', async () => {
    await call(emulator, 'POST', BASE, { body: { slug: 'gone', source: { text: YAML_SPEC } } });
    const res = await call(emulator, 'DELETE', `${BASE}/gone`, { as: 'create' });
    expect(res.status).toBe(205);
    expect(res.body).toBeUndefined();
    expect((await call(emulator, 'GET', `${BASE}/gone`)).status).toBe(404);
    expect((await call(emulator, 'GET', `${BASE}/gone/versions/latest`)).status).toBe(404);
    expect(emulator.state.openapiVersions.size).toBe(0);
  });

  it('checks the slug: 100 chars ok, 101 → 400, bad pattern → 400, taken → 409', async () => {
    const ok = await call(emulator, 'POST', BASE, { body: { slug: 'a'.repeat(100), source: { text: YAML_SPEC } } });
    expect(ok.status).toBe(201);
    const long = await call(emulator, 'POST', BASE, { body: { slug: 'a'.repeat(101), source: { text: YAML_SPEC } } });
    expect(long.status).toBe(400);
    expect(json(long.body).error.message).toContain('slug');
    for (const slug of ['', 'Upper', 'dash-', 'two--dashes']) {
      const bad = await call(emulator, 'POST', BASE, { body: { slug, source: { text: YAML_SPEC } } });
      expect(bad.status).toBe(400);
      expect(json(bad.body).error.message).toContain('slug');
    }
    const taken = await call(emulator, 'POST', BASE, { body: { slug: 'a'.repeat(100), source: { text: YAML_SPEC } } });
    expect(taken.status).toBe(409);
    const putAt100 = await call(emulator, 'PUT', `${BASE}/${'b'.repeat(100)}`, { body: { source: { text: YAML_SPEC } } });
    expect(putAt100.status).toBe(200);
    // Fastify's router refuses path parameters over 100 characters with 414 before the route's
    // own check (400 naming specSlug) runs; either way a 101-character slug is refused.
    const putLong = await call(emulator, 'PUT', `${BASE}/${'a'.repeat(101)}`, { body: { source: { text: YAML_SPEC } } });
    expect([400, 414]).toContain(putLong.status);
    expect((await call(emulator, 'PUT', `${BASE}/Bad_Slug`, { body: { source: { text: YAML_SPEC } } })).status).toBe(400);
  });

  it('checks the source URL: 2048 chars ok, 2049 → 400 naming source.url; not a URL → 400', async () => {
    const prefix = 'http://127.0.0.1:9/';
    const at = (length: number) => prefix + 'a'.repeat(length - prefix.length);
    expect((await call(emulator, 'POST', BASE, { body: { slug: 'url-ok', source: { url: at(2048) } } })).status).toBe(201);
    const over = await call(emulator, 'POST', BASE, { body: { slug: 'url-over', source: { url: at(2049) } } });
    expect(over.status).toBe(400);
    expect(json(over.body).error.message).toContain('source.url');
    const putOver = await call(emulator, 'PUT', `${BASE}/url-ok`, { body: { source: { url: at(2049) } } });
    expect(putOver.status).toBe(400);
    expect((await call(emulator, 'POST', BASE, { body: { slug: 'not-url', source: { url: 'not a url' } } })).status).toBe(400);
  });

  it('guards by role: 401 without a token, guests cannot read, only create+ may write', async () => {
    await call(emulator, 'POST', BASE, { body: { slug: 'guarded', source: { text: YAML_SPEC } } });
    expect((await call(emulator, 'GET', BASE, { as: null })).status).toBe(401);
    expect((await call(emulator, 'POST', BASE, { as: null, body: { slug: 'x', source: { text: YAML_SPEC } } })).status).toBe(401);
    expect((await call(emulator, 'GET', BASE, { as: 'guest' })).status).toBe(403);
    expect((await call(emulator, 'GET', `${BASE}/guarded`, { as: 'guest' })).status).toBe(403);
    expect((await call(emulator, 'GET', `${BASE}/guarded/versions`, { as: 'guest' })).status).toBe(403);
    expect((await call(emulator, 'GET', `${BASE}/guarded/versions/latest/content`, { as: 'guest' })).status).toBe(403);
    expect((await call(emulator, 'GET', `${BASE}/guarded`, { as: 'read' })).status).toBe(200);
    expect((await call(emulator, 'POST', BASE, { as: 'edit', body: { slug: 'x', source: { text: YAML_SPEC } } })).status).toBe(403);
    expect((await call(emulator, 'PUT', `${BASE}/guarded`, { as: 'edit', body: { source: { text: YAML_SPEC } } })).status).toBe(403);
    expect((await call(emulator, 'DELETE', `${BASE}/guarded`, { as: 'edit' })).status).toBe(403);
    // Another organization's specs are not there at all for a non-member.
    expect((await call(emulator, 'GET', '/v1/orgs/org-partner/openapi', { as: 'read' })).status).toBe(404);
  });
});
