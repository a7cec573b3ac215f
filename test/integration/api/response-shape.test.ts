import { afterEach, describe, expect, it } from 'vitest';
import * as z from 'zod';
import type { ApiClient } from '../../../src/api/api-client.js';
import { ResponseShapeError } from '../../../src/api/errors/response-shape-error.js';
import { startServer, type LoopbackServer } from '../../support/loopback-server.js';
import { testClient } from './support/test-client.js';

let server: LoopbackServer;
let client: ApiClient;

afterEach(async () => {
  await client.close();
  await server.close();
});

async function serve(status: number, body: string): Promise<void> {
  server = await startServer((_h, res) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(body);
  });
  client = testClient(server.url);
}

const changeRequest = {
  object: 'change-request',
  id: 'cr1',
  number: 1,
  status: 'open',
  createdBy: { object: 'user', id: 'u1', displayName: 'Ada' },
  createdAt: '2024-01-01T00:00:00Z',
  updatedAt: '2024-01-01T00:00:00Z',
  revision: 'r2',
  revisionInitial: 'r1',
  comments: 0,
  outdated: false,
  urls: { app: 'https://app/cr1', location: 'https://api/cr1' },
};

describe('response validation', () => {
  it('names the field path and expected vs received when a list item is malformed', async () => {
    const bad = { ...changeRequest, id: 'cr2', number: '2', outdated: 'no' };
    await serve(200, JSON.stringify({ items: [changeRequest, bad] }));
    const error = await client.changeRequests
      .list('space1')
      .all()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseShapeError);
    const shape = error as ResponseShapeError;
    expect(shape.code).toBe('E_API_RESPONSE_SHAPE');
    expect(shape.status).toBe(200);
    expect(shape.path).toBe('/v1/spaces/space1/change-requests');
    expect(shape.message).toContain('items[1].number: expected number, received string');
    expect(shape.message).toContain('items[1].outdated: expected boolean, received string');
    expect(shape.issues.map((i) => i.path.join('.'))).toEqual(['items.1.number', 'items.1.outdated']);
  });

  it('names the page of a revision that is malformed, nested pages included', async () => {
    const page = { id: 'p1', title: 'One', type: 'document' };
    const revision = { object: 'revision', id: 'r1', type: 'original', parents: [], files: [], createdAt: '2024-01-01T00:00:00Z' };
    await serve(200, JSON.stringify({ ...revision, pages: [page, { ...page, id: 'p2', pages: [{ ...page, title: 3 }] }] }));
    const error = await client.content.getRevision({ spaceId: 'space1' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseShapeError);
    expect((error as ResponseShapeError).message).toContain('pages[1].pages[0].title: expected string, received number');
    expect((error as ResponseShapeError).message).toContain('GET /v1/spaces/space1/content'); // the path as sent
  });

  it('names a missing field', async () => {
    const { revision: _revision, ...missing } = changeRequest;
    await serve(200, JSON.stringify(missing));
    await expect(client.changeRequests.get('space1', 7)).rejects.toThrow(/revision: expected string, received undefined/);
  });

  it('a body that is not JSON is a ResponseShapeError', async () => {
    await serve(200, '<html>login page</html>');
    const error = await client.sites.get({ orgId: 'o1', siteId: 's1' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseShapeError);
    expect((error as Error).message).toContain('not valid JSON');
    expect((error as Error).cause).toBeInstanceOf(SyntaxError);
  });

  it('204 and 205 resolve to undefined', async () => {
    await serve(205, '');
    await expect(client.sections.delete({ orgId: 'o1', siteId: 's1' }, 'sec1')).resolves.toBeUndefined();
    await expect(client.request({ method: 'DELETE', path: '/x' })).resolves.toBeUndefined();
  });

  it('a schema that expects a body rejects an empty 204', async () => {
    await serve(204, '');
    await expect(client.request({ path: '/x', schema: z.object({ a: z.string() }) })).rejects.toThrow(/\(body\): expected object, received undefined/);
  });
});
