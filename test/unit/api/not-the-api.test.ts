import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiClient, NotFoundError, NotTheApiError } from '../../../src/api/index.js';
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
});
