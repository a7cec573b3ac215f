import { Writable } from 'node:stream';
import { inspect } from 'node:util';
import { pino, type Logger } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { ApiClient } from '../../../src/api/api-client.js';
import { ApiError } from '../../../src/api/errors/api-error.js';
import { errorBody, freePort, sendJson, startServer, type LoopbackServer } from '../../support/loopback-server.js';
import { TOKEN, testClient } from './support/test-client.js';

let server: LoopbackServer | undefined;
let client: ApiClient | undefined;

afterEach(async () => {
  await client?.close();
  await server?.close();
  client = undefined;
  server = undefined;
});

/** A pino logger at debug level whose lines land in `lines`. */
function capturingLogger(): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  return { logger: pino({ level: 'debug' }, stream), lines };
}

describe('the token', () => {
  it('is sent as a bearer token', async () => {
    server = await startServer((_h, res) => sendJson(res, 200, { ok: true }));
    client = testClient(server.url);
    await client.request({ path: '/x', schema: z.unknown() });
    expect(server.hits[0]?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(server.hits[0]?.headers['user-agent']).toBe('docsync');
  });

  it('never shows in util.inspect, JSON.stringify, String or toJSON of the client', () => {
    client = testClient('http://127.0.0.1:9');
    for (const text of [inspect(client), inspect(client, { showHidden: true, depth: 10 }), JSON.stringify(client), inspect({ nested: client })]) {
      expect(text).not.toContain(TOKEN);
    }
    expect(inspect(client)).toContain('[redacted]');
    expect(client.hasToken).toBe(true);
  });

  it('never shows in error messages, even when the server echoes it', async () => {
    server = await startServer((hit, res) => {
      const echoed = hit.headers.authorization ?? '';
      sendJson(res, 401, errorBody(401, `token rejected: ${echoed}`));
    });
    client = testClient(server.url);
    const error = await client.request({ path: '/x', schema: z.unknown() }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.message).not.toContain(TOKEN);
    expect(apiError.apiMessage).not.toContain(TOKEN);
    expect(apiError.apiMessage).toContain('[redacted]');
    expect(inspect(apiError, { depth: 10 })).not.toContain(TOKEN);
    expect(JSON.stringify(apiError)).not.toContain(TOKEN);
  });

  it('never shows in a response-shape error, even when a response field holds it', async () => {
    server = await startServer((_h, res) => sendJson(res, 200, { kind: TOKEN }));
    client = testClient(server.url);
    const error = await client.request({ path: '/x', schema: z.object({ kind: z.enum(['a', 'b']) }) }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as Error).message).toContain('kind: expected one of');
    expect((error as Error).message).toContain('[redacted]');
    expect(inspect(error, { depth: 10 })).not.toContain(TOKEN);
    expect(JSON.stringify(error)).not.toContain(TOKEN);
  });

  it('never shows in network or timeout errors', async () => {
    client = testClient(`http://127.0.0.1:${await freePort()}`, { retry: { maxAttempts: 1 } });
    const refused = await client.request({ path: '/x', schema: z.unknown() }).catch((e: unknown) => e);
    expect(inspect(refused, { depth: 10 })).not.toContain(TOKEN);
    await client.close();
    server = await startServer(() => undefined);
    client = testClient(server.url, { timeoutMs: 50, retry: { maxAttempts: 1 } });
    const timeout = await client.request({ path: '/x', schema: z.unknown() }).catch((e: unknown) => e);
    expect(inspect(timeout, { depth: 10 })).not.toContain(TOKEN);
  });

  it('never shows in captured log lines, which carry method, path, status, duration and attempt', async () => {
    server = await startServer((_h, res, index) => (index === 0 ? sendJson(res, 503, errorBody(503, 'busy')) : sendJson(res, 200, { ok: true })));
    const { logger, lines } = capturingLogger();
    client = testClient(server.url, { logger });
    await client.request({ path: '/orgs/o1', query: { shareKey: 'sk_secret' }, schema: z.unknown() });
    await client.request({ path: '/nope', schema: z.unknown() }).catch(() => undefined);
    expect(lines.length).toBeGreaterThanOrEqual(3);
    const all = lines.join('');
    expect(all).not.toContain(TOKEN);
    expect(all).not.toContain('sk_secret');
    expect(all.toLowerCase()).not.toContain('authorization');
    const entries = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(entries).toContainEqual(expect.objectContaining({ msg: 'api call failed, retrying', method: 'GET', path: '/v1/orgs/o1', status: 503, attempt: 1 }));
    expect(entries).toContainEqual(
      expect.objectContaining({ msg: 'api call', method: 'GET', path: '/v1/orgs/o1', status: 200, attempt: 2, durationMs: expect.any(Number) as unknown }),
    );
  });

  it('rejects a token with whitespace without echoing it', () => {
    const bad = 'abc def-secret';
    expect(() => new ApiClient({ token: bad })).toThrow(/DOCSYNC_TOKEN/);
    try {
      new ApiClient({ token: bad });
    } catch (error) {
      expect((error as Error).message).not.toContain('def-secret');
    }
  });
});

describe('what the API echoes', () => {
  it('a short token that is an ordinary word leaves the message intact', async () => {
    server = await startServer((_h, res) => sendJson(res, 401, errorBody(401, 'the API token is missing or wrong')));
    client = testClient(server.url, { token: 'wrong' });
    const error = (await client.request({ path: '/x', schema: z.unknown() }).catch((e: unknown) => e)) as ApiError;
    expect(error.apiMessage).toBe('the API token is missing or wrong');
    expect(error.message).not.toContain('[redacted]');
  });

  it('a signed bundle URL in an error body reaches neither the error nor the logs', async () => {
    const signed = 'http://127.0.0.1:1/bundles/abc.zip?expires=1900000000&signature=0a1b2c3d4e5f';
    server = await startServer((_h, res) => sendJson(res, 400, errorBody(400, `could not fetch ${signed}: connection refused`)));
    const { logger, lines } = capturingLogger();
    client = testClient(server.url, { logger });
    const error = (await client.request({ method: 'POST', path: '/x', schema: z.unknown() }).catch((e: unknown) => e)) as ApiError;
    expect(error.apiMessage).toBe('could not fetch http://127.0.0.1:1/bundles/abc.zip?[redacted]: connection refused');
    for (const text of [error.message, inspect(error, { depth: 10 }), JSON.stringify(error), ...lines]) expect(text).not.toContain('signature=');
  });
});
