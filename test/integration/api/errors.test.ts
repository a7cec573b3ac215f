import { afterEach, describe, expect, it } from 'vitest';
import * as z from 'zod';
import type { ApiClient } from '../../../src/api/api-client.js';
import { ApiError } from '../../../src/api/errors/api-error.js';
import { AuthenticationError } from '../../../src/api/errors/authentication-error.js';
import { ConflictError } from '../../../src/api/errors/conflict-error.js';
import { NotFoundError } from '../../../src/api/errors/not-found-error.js';
import { PermissionError } from '../../../src/api/errors/permission-error.js';
import { RateLimitError } from '../../../src/api/errors/rate-limit-error.js';
import { ServerError } from '../../../src/api/errors/server-error.js';
import { ValidationError } from '../../../src/api/errors/validation-error.js';
import { errorBody, sendJson, startServer, type LoopbackServer } from '../../support/loopback-server.js';
import { testClient } from './support/test-client.js';

let server: LoopbackServer;
let client: ApiClient;

afterEach(async () => {
  await client.close();
  await server.close();
});

/** A server answering every request with `status` and the API's error body; no retries. */
async function failing(status: number, message: string, headers: Record<string, string> = {}): Promise<void> {
  server = await startServer((_hit, res) => sendJson(res, status, errorBody(status, message), headers));
  client = testClient(server.url, { retry: { maxAttempts: 1 } });
}

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

const get = () => client.request({ path: '/orgs/o1/sites', query: { shareKey: 'sk_private' }, schema: z.unknown() });

describe('errors from a real server', () => {
  it.each([
    [400, ValidationError, 'E_API_VALIDATION', 'title: must be 2 to 128 characters'],
    [401, AuthenticationError, 'E_API_AUTH', 'Invalid token'],
    [403, PermissionError, 'E_API_PERMISSION', 'You need the admin role'],
    [404, NotFoundError, 'E_API_NOT_FOUND', 'Site not found'],
    [409, ConflictError, 'E_API_CONFLICT', 'Slug already used'],
    [429, RateLimitError, 'E_API_RATE_LIMIT', 'Too many requests'],
    [500, ServerError, 'E_API_SERVER', 'Internal error'],
    [503, ServerError, 'E_API_SERVER', 'Service unavailable'],
  ] as const)('%i → %o', async (status, ErrorClass, code, apiMessage) => {
    await failing(status, apiMessage);
    const error = await caught(get());
    expect(error).toBeInstanceOf(ErrorClass);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe(code);
    expect(error.status).toBe(status);
    expect(error.method).toBe('GET');
    expect(error.path).toBe('/v1/orgs/o1/sites');
    expect(error.body).toEqual({ error: { code: status, message: apiMessage } });
    expect(error.apiMessage).toBe(apiMessage);
    expect(error.message).toContain(apiMessage);
    expect(error.message).toContain('GET /v1/orgs/o1/sites');
    expect(error.message).not.toContain('sk_private');
    expect(error.toJSON()).toMatchObject({ code, status, apiMessage });
  });

  it('401 says the token is missing or wrong and how to set it', async () => {
    await failing(401, 'Unauthorized');
    const error = await caught(get());
    expect(error.message).toMatch(/token is missing or wrong/);
    for (const name of ['DOCSYNC_TOKEN', 'GITBOOK_TOKEN', 'api.token']) expect(error.message).toContain(name);
  });

  it('400 carries the API message naming the field', async () => {
    await failing(400, 'Invalid body: "title" must be at least 2 characters');
    const error = await caught(client.sites.create('o1', { title: 'x' }));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.message).toContain('"title" must be at least 2 characters');
    expect(error.method).toBe('POST');
    expect(error.message).toContain('docsync sent: title = "x"');
  });

  it('400 names what docsync sent without the signature of a URL it made', async () => {
    await failing(400, 'url: could not fetch');
    const url = 'https://bucket.example.com/bundles/abc/docs.zip?X-Amz-Signature=deadbeef&X-Amz-Credential=AKIAEXAMPLE';
    const error = await caught(client.content.import({ spaceId: 's1' }, { url, source: 'zip' }));
    expect(error.message).toContain('docsync sent: url = "https://bucket.example.com/bundles/abc/docs.zip?…", source = "zip"');
    expect(error.message).not.toMatch(/deadbeef|AKIAEXAMPLE/);
    expect(error.message).not.toMatch(/in the manifest, config or command line it came from/);
  });

  it('429 carries retryAfterMs from Retry-After', async () => {
    await failing(429, 'Slow down', { 'retry-after': '7' });
    const error = await caught(get());
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ retryAfterMs: 7000 });
  });

  it('a status without its own class is a plain ApiError; a non-JSON error body is tolerated', async () => {
    server = await startServer((_hit, res) => {
      res.writeHead(405, { 'content-type': 'text/html' });
      res.end('<html>nope</html>');
    });
    client = testClient(server.url, { retry: { maxAttempts: 1 } });
    const error = await caught(get());
    expect(error.constructor).toBe(ApiError);
    expect(error.code).toBe('E_API');
    expect(error.status).toBe(405);
    expect(error.body).toBeUndefined();
  });

  it('a 502 HTML page from a proxy is a ServerError without a body', async () => {
    server = await startServer((_hit, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<html>Bad gateway</html>');
    });
    client = testClient(server.url, { retry: { maxAttempts: 1 } });
    const error = await caught(get());
    expect(error).toBeInstanceOf(ServerError);
    expect(error.body).toBeUndefined();
  });
});
