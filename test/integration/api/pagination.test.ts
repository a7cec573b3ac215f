import { afterEach, describe, expect, it } from 'vitest';
import * as z from 'zod';
import type { ApiClient } from '../../../src/api/api-client.js';
import { sendJson, startServer, type LoopbackServer } from '../../support/loopback-server.js';
import { testClient } from './support/test-client.js';

const ItemSchema = z.object({ id: z.string() });

const PAGES: Record<string, { items: { id: string }[]; next?: { page: string } }> = {
  first: { items: [{ id: 'a' }, { id: 'b' }], next: { page: 'p2' } },
  p2: { items: [{ id: 'c' }, { id: 'd' }], next: { page: 'p3' } },
  p3: { items: [{ id: 'e' }] },
};

let server: LoopbackServer;
let client: ApiClient;

afterEach(async () => {
  await client.close();
  await server.close();
});

async function serve(pages = PAGES): Promise<void> {
  server = await startServer((hit, res) => {
    sendJson(res, 200, pages[hit.query.get('page') ?? 'first']);
  });
  client = testClient(server.url);
}

describe('pagination', () => {
  it('follows next.page across 3 pages, in order, with limit 100 by default', async () => {
    await serve();
    const ids: string[] = [];
    for await (const item of client.paginate({ path: '/things', query: { kind: 'x' }, itemSchema: ItemSchema })) {
      ids.push(item.id);
    }
    expect(ids).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(server.hits.map((h) => h.query.get('page'))).toEqual([null, 'p2', 'p3']);
    expect(server.hits.every((h) => h.path === '/v1/things' && h.query.get('limit') === '100' && h.query.get('kind') === 'x')).toBe(true);
  });

  it('list() collects every page; a resource list is iterable and has all()', async () => {
    await serve({
      first: { items: [org('o1')], next: { page: 'p2' } },
      p2: { items: [org('o2')], next: { page: 'p3' } },
      p3: { items: [org('o3')] },
    } as never);
    const orgs = await client.organizations.list({ limit: 2 }).all();
    expect(orgs.map((o) => o.id)).toEqual(['o1', 'o2', 'o3']);
    expect(server.hits.map((h) => h.query.get('limit'))).toEqual(['2', '2', '2']);
    const again: string[] = [];
    for await (const o of client.organizations.list()) again.push(o.id);
    expect(again).toEqual(['o1', 'o2', 'o3']);
    expect(await client.list({ path: '/orgs', itemSchema: z.object({ id: z.string() }) })).toHaveLength(3);
  });

  it('fetches pages lazily: stopping early requests no further page', async () => {
    await serve();
    for await (const item of client.paginate({ path: '/things', itemSchema: ItemSchema })) {
      if (item.id === 'b') break;
    }
    expect(server.hits).toHaveLength(1);
  });

  it('rejects a limit outside 1..1000 before any request', async () => {
    await serve();
    await expect(client.list({ path: '/things', itemSchema: ItemSchema, limit: 1001 })).rejects.toThrow(RangeError);
    await expect(client.list({ path: '/things', itemSchema: ItemSchema, limit: 0 })).rejects.toThrow(/1 to 1000/);
    expect(server.hits).toHaveLength(0);
  });

  it('stops with a ResponseShapeError when next.page repeats', async () => {
    await serve({ first: { items: [], next: { page: 'loop' } }, loop: { items: [], next: { page: 'loop' } } });
    await expect(client.list({ path: '/things', itemSchema: ItemSchema })).rejects.toMatchObject({
      code: 'E_API_RESPONSE_SHAPE',
      message: expect.stringContaining('next.page') as unknown,
    });
    expect(server.hits).toHaveLength(2);
  });
});

function org(id: string): Record<string, unknown> {
  return {
    object: 'organization',
    id,
    title: `Org ${id}`,
    createdAt: '2024-01-01T00:00:00Z',
    emailDomains: [],
    type: 'business',
    inviteLinks: false,
    plan: 'free_2024',
  };
}
