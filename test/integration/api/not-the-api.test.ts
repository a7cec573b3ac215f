import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { ApiClient } from '../../../src/api/api-client.js';
import { NotFoundError } from '../../../src/api/errors/not-found-error.js';
import { NotTheApiError } from '../../../src/api/errors/not-the-api-error.js';
import { OperationRemovedError } from '../../../src/api/errors/operation-removed-error.js';
import { EXIT, exitCodeFor } from '../../../src/failure/exit-codes.js';

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

async function answering(contentType: string, body: string): Promise<ApiClient> {
  server = createServer((_req, res) => res.writeHead(404, { 'content-type': contentType }).end(body));
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return new ApiClient({ endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, token: 'gb_api_token_value', retry: { maxAttempts: 1 } });
}

describe('a 404', () => {
  it('from something that is not the API says to check the endpoint (exit 2)', async () => {
    const client = await answering('text/html', '<html><body><h1>404 Not Found</h1></body></html>');
    const error = await client.request({ path: '/spaces/s1', schema: z.unknown() }).catch((e: unknown) => e);
    await client.close();
    expect(error).toBeInstanceOf(NotTheApiError);
    expect((error as Error).message).toContain('check that the endpoint');
    expect((error as Error).message).not.toContain('check the ids');
    expect(exitCodeFor(error)).toBe(EXIT.config);
  });

  it('with the API error body still says to check the ids', async () => {
    const client = await answering('application/json', JSON.stringify({ error: { code: 404, message: 'Space not found' } }));
    const error = await client.request({ path: '/spaces/s1', schema: z.unknown() }).catch((e: unknown) => e);
    await client.close();
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as Error).message).toContain('check the ids');
  });

  it("on an operation today's API no longer has names it, the API version, and what docsync does instead (exit 6)", async () => {
    const client = await answering('application/json', JSON.stringify({ error: { code: 404, message: 'Not found' } }));
    const error = await client
      .request({
        method: 'POST',
        path: '/spaces/s1/change-requests/cr1/content/import',
        body: { source: 'zip', url: 'https://x.test/a.zip' },
        schema: z.unknown(),
      })
      .catch((e: unknown) => e);
    await client.close();
    expect(error).toBeInstanceOf(OperationRemovedError);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as Error).message).toBe(
      'POST /v1/spaces/s1/change-requests/cr1/content/import failed with 404 Not Found (API: "Not found"): this API version does not offer ' +
        "importContentInChangeRequest (GitBook's published API dropped it in @gitbook/api 0.202.0); docsync writes content page by page in the change request " +
        "(POST /v1/spaces/{spaceId}/change-requests/{changeRequestId}/content). If the API is the seed's and still has it, check the ids in the path instead.",
    );
    expect(exitCodeFor(error)).toBe(EXIT.api);
  });

  it('on an operation both versions have keeps saying to check the ids', async () => {
    const client = await answering('application/json', JSON.stringify({ error: { code: 404, message: 'Not found' } }));
    const error = await client.request({ method: 'PATCH', path: '/orgs/o/sites/s/sections/x', body: {}, schema: z.unknown() }).catch((e: unknown) => e);
    await client.close();
    expect(error).not.toBeInstanceOf(OperationRemovedError);
    expect((error as Error).message).toContain('check the ids');
  });

  it.each([
    ['{error: {message}}', { error: { message: 'No such space' } }],
    ['{error: "…"}', { error: 'No such space' }],
    ['{message: "…"}', { message: 'No such space' }],
  ])('with an error body of another shape (%s) still shows its message', async (_shape, body) => {
    const client = await answering('application/json', JSON.stringify(body));
    const error = await client.request({ path: '/spaces/s1', schema: z.unknown() }).catch((e: unknown) => e);
    await client.close();
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as Error).message).toContain('(API: "No such space")');
  });
});
