import { afterEach, describe, expect, it } from 'vitest';
import * as z from 'zod';
import type { ApiClient } from '../../../src/api/api-client.js';
import { NetworkError } from '../../../src/api/errors/network-error.js';
import { RateLimitError } from '../../../src/api/errors/rate-limit-error.js';
import { ServerError } from '../../../src/api/errors/server-error.js';
import { TimeoutError } from '../../../src/api/errors/timeout-error.js';
import { fakeClock, type FakeClock } from './support/fake-clock.js';
import { errorBody, freePort, sendJson, startServer, type Handler, type LoopbackServer } from '../../support/loopback-server.js';
import { testClient } from './support/test-client.js';

const OkSchema = z.object({ ok: z.literal(true) });

let servers: LoopbackServer[] = [];
let client: ApiClient | undefined;
let clock: FakeClock;

afterEach(async () => {
  await client?.close();
  client = undefined;
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

/** Serves `first` on the first `failures` hits, then `{ok: true}`. */
async function flaky(failures: number, first: Handler, options: Parameters<typeof testClient>[1] = {}): Promise<LoopbackServer> {
  const server = await startServer((hit, res, index) => {
    if (index < failures) return first(hit, res, index);
    sendJson(res, 200, { ok: true });
  });
  servers.push(server);
  clock = fakeClock();
  client = testClient(server.url, { clock, ...options });
  return server;
}

describe('429', () => {
  it('waits Retry-After (seconds) and retries, on a POST too', async () => {
    const server = await flaky(1, (_h, res) => sendJson(res, 429, errorBody(429, 'slow down'), { 'retry-after': '3' }));
    await expect(client!.request({ method: 'POST', path: '/x', body: {}, schema: OkSchema })).resolves.toEqual({ ok: true });
    expect(server.hits).toHaveLength(2);
    expect(clock.sleeps).toEqual([3000]);
  });

  it('waits Retry-After given as an HTTP date', async () => {
    clock = fakeClock();
    const at = new Date(clock.now() + 5000).toUTCString();
    const server = await flaky(1, (_h, res) => sendJson(res, 429, errorBody(429, 'slow down'), { 'retry-after': at }), {});
    await expect(client!.request({ path: '/x', schema: OkSchema })).resolves.toEqual({ ok: true });
    expect(server.hits).toHaveLength(2);
    expect(clock.sleeps).toHaveLength(1);
    expect(clock.sleeps[0]).toBeGreaterThanOrEqual(4000);
    expect(clock.sleeps[0]).toBeLessThanOrEqual(5000);
  });

  it('waits until X-RateLimit-Reset (epoch seconds) and retries', async () => {
    const resetAt = () => String(Math.floor(clock.now() / 1000) + 4);
    const server = await flaky(2, (_h, res) =>
      sendJson(res, 429, errorBody(429, 'rate limited'), {
        'x-ratelimit-limit': '100',
        'x-ratelimit-remaining': '0',
        'x-ratelimit-reset': resetAt(),
      }),
    );
    await expect(client!.request({ path: '/x', schema: OkSchema })).resolves.toEqual({ ok: true });
    expect(server.hits).toHaveLength(3);
    // Each 429 is waited out once, by the retry policy; by then the window has reset, so the rate
    // budget (which saw remaining 0) adds no wait of its own.
    expect(clock.sleeps).toEqual([4000, 4000]);
  });

  it('gives up at once when the server asks for a longer wait than maxServerWaitMs', async () => {
    const server = await flaky(5, (_h, res) => sendJson(res, 429, errorBody(429, 'later'), { 'retry-after': '3600' }));
    const error = await client!.request({ path: '/x', schema: OkSchema }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfterMs).toBe(3_600_000);
    expect(server.hits).toHaveLength(1);
    expect(clock.sleeps).toEqual([]);
  });
});

describe('5xx', () => {
  it('retries a GET after 500 and succeeds', async () => {
    const server = await flaky(1, (_h, res) => sendJson(res, 500, errorBody(500, 'boom')));
    await expect(client!.request({ path: '/x', schema: OkSchema })).resolves.toEqual({ ok: true });
    expect(server.hits).toHaveLength(2);
    expect(clock.sleeps).toHaveLength(1);
    expect(clock.sleeps[0]).toBeLessThanOrEqual(1);
  });

  it('retries PUT, PATCH and DELETE after 503', async () => {
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      const server = await flaky(2, (_h, res) => sendJson(res, 503, errorBody(503, 'busy')));
      await client!.request({ method, path: '/x', body: method === 'DELETE' ? undefined : { a: 1 } });
      expect(server.hits.map((h) => h.method)).toEqual([method, method, method]);
      await client!.close();
    }
  });

  it('never retries a POST after a 500: the server sees exactly one hit', async () => {
    const server = await flaky(10, (_h, res) => sendJson(res, 500, errorBody(500, 'boom')));
    await expect(client!.changeRequests.create('space1', { subject: 'x' })).rejects.toBeInstanceOf(ServerError);
    expect(server.hits).toHaveLength(1);
    expect(clock.sleeps).toEqual([]);
  });

  it('retries a POST marked idempotent', async () => {
    const server = await flaky(1, (_h, res) => sendJson(res, 502, errorBody(502, 'gateway')));
    await client!.request({ method: 'POST', path: '/x', idempotent: true, schema: OkSchema });
    expect(server.hits).toHaveLength(2);
  });

  it('stops after maxAttempts', async () => {
    const server = await flaky(10, (_h, res) => sendJson(res, 500, errorBody(500, 'boom')), { retry: { maxAttempts: 3 } });
    await expect(client!.request({ path: '/x', schema: OkSchema })).rejects.toBeInstanceOf(ServerError);
    expect(server.hits).toHaveLength(3);
    expect(clock.sleeps).toHaveLength(2);
  });
});

describe('network failures', () => {
  it('retries a POST whose connection was refused, and it reaches the server once', async () => {
    const port = await freePort();
    clock = fakeClock();
    client = testClient(`http://127.0.0.1:${port}`, { clock });
    let server: LoopbackServer | undefined;
    clock.onSleep = async () => {
      server ??= await startServer((_h, res) => sendJson(res, 201, { ok: true }), port);
    };
    await expect(client.request({ method: 'POST', path: '/x', body: {}, schema: OkSchema })).resolves.toEqual({ ok: true });
    servers.push(server!);
    expect(clock.sleeps).toHaveLength(1);
    expect(server!.hits).toHaveLength(1);
  });

  it('a POST that stays refused ends in a NetworkError saying the request was not sent', async () => {
    const port = await freePort();
    clock = fakeClock();
    client = testClient(`http://127.0.0.1:${port}`, { clock, retry: { maxAttempts: 3 } });
    const error = await client.request({ method: 'POST', path: '/x', schema: OkSchema }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ code: 'E_API_NETWORK', errno: 'ECONNREFUSED', requestSent: false });
    expect((error as NetworkError).message).toContain('DOCSYNC_ENDPOINT');
    expect(clock.sleeps).toHaveLength(2);
  });

  it('does not retry a POST whose connection was reset after sending', async () => {
    const server = await flaky(10, (_h, res) => void res.socket?.destroy());
    const error = await client!.request({ method: 'POST', path: '/x', body: {}, schema: OkSchema }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).requestSent).toBe(true);
    expect(server.hits).toHaveLength(1);
  });

  it('retries a GET whose connection was reset', async () => {
    const server = await flaky(1, (_h, res) => void res.socket?.destroy());
    await expect(client!.request({ path: '/x', schema: OkSchema })).resolves.toEqual({ ok: true });
    expect(server.hits).toHaveLength(2);
  });
});

describe('timeouts', () => {
  it('a GET with no answer ends in a TimeoutError after retrying', async () => {
    const server = await flaky(10, () => undefined, { timeoutMs: 100, retry: { maxAttempts: 2 } });
    const error = await client!.request({ path: '/x', schema: OkSchema }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ code: 'E_API_TIMEOUT', timeoutMs: 100, path: '/v1/x' });
    expect(server.hits).toHaveLength(2);
  });

  it('a POST that times out is not sent again', async () => {
    const server = await flaky(10, () => undefined, { timeoutMs: 100 });
    await expect(client!.request({ method: 'POST', path: '/x', schema: OkSchema })).rejects.toBeInstanceOf(TimeoutError);
    expect(server.hits).toHaveLength(1);
  });

  it('an abort through the signal rejects with its reason and is not retried', async () => {
    const controller = new AbortController();
    const reason = new Error('stop');
    // Abort once the server holds the request (and never answers it).
    const server = await flaky(10, () => controller.abort(reason));
    await expect(client!.request({ path: '/x', schema: OkSchema, signal: controller.signal })).rejects.toBe(reason);
    expect(server.hits).toHaveLength(1);
  });
});

describe('handled retries', () => {
  it('are debug records and reach onRetry with the failed status, so a run can count them', async () => {
    const levels: string[] = [];
    const record = (level: string) => (_fields: object, message?: string) => void levels.push(`${level} ${message ?? ''}`);
    const logger = { debug: record('debug'), info: record('info'), warn: record('warn'), error: record('error') };
    const retried: (number | undefined)[] = [];
    await flaky(
      2,
      (_h, res, index) => (index === 0 ? sendJson(res, 429, errorBody(429, 'slow down'), { 'retry-after': '1' }) : sendJson(res, 503, errorBody(503, 'busy'))),
      {
        logger,
        onRetry: (status) => retried.push(status),
      },
    );
    await expect(client!.request({ path: '/x', schema: OkSchema })).resolves.toEqual({ ok: true });
    expect(retried).toEqual([429, 503]);
    expect(levels.filter((line) => line.includes('retrying'))).toEqual(['debug api call failed, retrying', 'debug api call failed, retrying']);
    expect(levels.filter((line) => !line.startsWith('debug'))).toEqual([]);
  });
});
