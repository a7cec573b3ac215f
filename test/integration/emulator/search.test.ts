import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { ORG, call, json, startTestEmulator } from '../../support/emulator-harness.js';

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startTestEmulator({ contract: 'seed' });
});
afterAll(() => emulator.close());

describe('space search', () => {
  it('finds pages whose markdown holds the query, case-insensitively, with matching sections', async () => {
    const res = await call(emulator, 'GET', '/v1/spaces/space-docs/search', { as: 'read', query: { query: 'INSTALLER' } });
    expect(res.status).toBe(200);
    const items = json(res.body).items;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ title: 'Install', path: 'guides/install', urls: { app: expect.stringContaining('guides/install') } });
    expect(items[0].sections).toEqual([expect.objectContaining({ title: 'Install', path: 'guides/install#install', body: 'Run the installer.' })]);
    expect(json((await call(emulator, 'GET', '/v1/spaces/space-docs/search', { query: { query: 'zzz' } })).body).items).toEqual([]);
  });

  it('pages its results', async () => {
    const first = json((await call(emulator, 'GET', '/v1/spaces/space-docs/search', { query: { query: '#', limit: 1 } })).body);
    expect(first.items).toHaveLength(1);
    expect(first.count).toBe(3);
    expect(first.next.page).toEqual(expect.any(String));
  });

  it('requires a query of at most 512 characters', async () => {
    expect((await call(emulator, 'GET', '/v1/spaces/space-docs/search', { query: { query: 'a'.repeat(512) } })).status).toBe(200);
    const long = await call(emulator, 'GET', '/v1/spaces/space-docs/search', { query: { query: 'a'.repeat(513) } });
    expect(long.status).toBe(400);
    expect(json(long.body).error.message).toContain('query');
    const missing = await call(emulator, 'GET', '/v1/spaces/space-docs/search');
    expect(missing.status).toBe(400);
    expect(json(missing.body).error.message).toContain('query');
    expect((await call(emulator, 'GET', '/v1/spaces/space-docs/search', { query: { query: 'x', limit: 1001 } })).status).toBe(400);
  });

  it('needs a token and a reading role', async () => {
    expect((await call(emulator, 'GET', '/v1/spaces/space-docs/search', { as: null, query: { query: 'x' } })).status).toBe(401);
    expect((await call(emulator, 'GET', '/v1/spaces/space-docs/search', { as: 'guest', query: { query: 'x' } })).status).toBe(403);
  });
});

describe('organization search', () => {
  it('groups matching pages by space, leaving out spaces without a match', async () => {
    const res = await call(emulator, 'GET', `/v1/orgs/${ORG}/search`, { as: 'read', query: { query: 'welcome' } });
    expect(res.status).toBe(200);
    expect(json(res.body).items).toEqual([
      { type: 'space', id: 'space-docs', title: 'Product docs', score: 1, pages: [expect.objectContaining({ title: 'Introduction', rank: 1, ancestors: [] })] },
    ]);
    const both = json((await call(emulator, 'GET', `/v1/orgs/${ORG}/search`, { query: { query: 'THE' } })).body);
    expect(both.items.map((s: any) => s.id)).toEqual(['space-docs', 'space-api']);
    const paged = json((await call(emulator, 'GET', `/v1/orgs/${ORG}/search`, { query: { query: 'the', limit: 1 } })).body);
    expect(paged.items).toHaveLength(1);
    expect(paged.next.page).toEqual(expect.any(String));
    // Ranks go on counting on the next page of results.
    const next = json((await call(emulator, 'GET', `/v1/orgs/${ORG}/search`, { query: { query: 'the', limit: 1, page: paged.next.page } })).body);
    expect(next.items[0].pages[0].rank).toBe((paged.items[0].pages as unknown[]).length + 1);
  });

  it('bounds the query, and needs a token, membership and a reading role', async () => {
    expect((await call(emulator, 'GET', `/v1/orgs/${ORG}/search`, { query: { query: 'b'.repeat(512) } })).status).toBe(200);
    const long = await call(emulator, 'GET', `/v1/orgs/${ORG}/search`, { query: { query: 'b'.repeat(513) } });
    expect(long.status).toBe(400);
    expect(json(long.body).error.message).toContain('query');
    expect((await call(emulator, 'GET', `/v1/orgs/${ORG}/search`, { as: null, query: { query: 'x' } })).status).toBe(401);
    expect((await call(emulator, 'GET', `/v1/orgs/${ORG}/search`, { as: 'guest', query: { query: 'x' } })).status).toBe(403);
    expect((await call(emulator, 'GET', '/v1/orgs/org-partner/search', { as: 'read', query: { query: 'x' } })).status).toBe(404);
  });
});
