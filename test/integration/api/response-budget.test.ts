import { afterEach, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { ApiClient } from '../../../src/api/api-client.js';
import { RateLimitError } from '../../../src/api/errors/rate-limit-error.js';
import { ResponseBudgetError } from '../../../src/api/errors/response-budget-error.js';
import { ResponseShapeError } from '../../../src/api/errors/response-shape-error.js';
import { PageSchema } from '../../../src/api/schemas/content.js';
import { classifyError } from '../../../src/failure/classify-error.js';
import { DownloadError } from '../../../src/http/errors/download-error.js';
import { UrlDownloader } from '../../../src/http/url-downloader.js';
import { sendEndless, sendTrickle } from '../../support/endless-answers.js';
import { errorBody, sendJson, startServer, type LoopbackServer } from '../../support/loopback-server.js';
import { testClient } from './support/test-client.js';

let server: LoopbackServer | undefined;
let client: ApiClient | undefined;
let downloader: UrlDownloader | undefined;

afterEach(async () => {
  await client?.close();
  await downloader?.close();
  await server?.close();
  client = undefined;
  server = undefined;
  downloader = undefined;
});

describe('the response budget of an API call', () => {
  it('stops reading an endless answer at maxResponseBytes, once, naming the setting', async () => {
    server = await startServer((_hit, res) => sendEndless(res));
    client = testClient(server.url, { maxResponseBytes: 1_048_576 });
    const error = await client.request({ path: '/spaces/s1', schema: z.unknown() }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseBudgetError);
    expect((error as ResponseBudgetError).message).toContain('GET /v1/spaces/s1: the answer is larger than 1 MiB (api.maxResponseBytes)');
    // Not retried: the same call would be answered the same way.
    expect(server.hits).toHaveLength(1);
  });

  it('refuses a declared Content-Length over the cap before reading the body', async () => {
    server = await startServer((_hit, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(10 * 1_048_576) });
      res.write('{');
    });
    client = testClient(server.url, { maxResponseBytes: 1_048_576 });
    const error = await client.request({ path: '/x', schema: z.unknown() }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseBudgetError);
    expect((error as ResponseBudgetError).budget).toEqual({ kind: 'size', maxBytes: 1_048_576 });
  });

  it('gives up on an answer that trickles past the deadline, though no single gap reaches the timeout', async () => {
    server = await startServer((_hit, res) => sendTrickle(res, 20));
    client = testClient(server.url, { timeoutMs: 1_000, deadlineMs: 1_000 });
    const error = await client.request({ path: '/spaces/s1', schema: z.unknown() }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseBudgetError);
    expect((error as ResponseBudgetError).message).toContain('did not finish within 1 s (api.deadline)');
    expect(server.hits).toHaveLength(1);
  });
});

describe('the response budget of a download', () => {
  it('stops an endless body at maxBytes and a trickling one at the deadline, without retrying', async () => {
    server = await startServer((hit, res) => (hit.path === '/endless' ? sendEndless(res, 'image/png') : sendTrickle(res, 20, 'image/png')));
    // Each budget on its own downloader: on a loaded machine, 1 MiB may take longer than the trickle's deadline.
    const bySize = new UrlDownloader({ maxBytes: 1_048_576, deadlineMs: 60_000, timeoutMs: 30_000, sleep: () => Promise.resolve() });
    const endless = await bySize.download(`${server.url}/endless?sig=abc`).catch((e: unknown) => e);
    expect(endless).toBeInstanceOf(DownloadError);
    expect((endless as DownloadError).message).toContain('is larger than 1 MiB');
    await bySize.close();
    downloader = new UrlDownloader({ maxBytes: 1_048_576, deadlineMs: 1_000, timeoutMs: 1_000, sleep: () => Promise.resolve() });
    const slow = await downloader.download(`${server.url}/slow?sig=abc`).catch((e: unknown) => e);
    expect(slow).toBeInstanceOf(DownloadError);
    expect((slow as DownloadError).message).toContain('did not finish within 1 s');
    expect((slow as DownloadError).message).not.toContain('sig=abc');
    expect(server.hits.map((hit) => hit.path)).toEqual(['/endless', '/slow']);
  });
});

describe('an impossible rate-limit reset', () => {
  it('gives up at once, naming the header, and is not waited for by the rate budget', async () => {
    const reset = { 'x-ratelimit-limit': '100', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '9999999999' };
    server = await startServer((hit, res) => {
      for (const [name, value] of Object.entries(reset)) res.setHeader(name, value);
      if (hit.path.endsWith('/first')) sendJson(res, 200, { ok: true });
      else sendJson(res, 429, errorBody(429, 'slow down'));
    });
    client = testClient(server.url);
    await client.request({ path: '/first', schema: z.unknown() });
    // Nothing left in a window that would end in 2286: not a reset the budget sits out.
    expect(client.rateBudget.state.resetAtMs).toBeUndefined();
    const error = await client.request({ path: '/second', schema: z.unknown() }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).message).toContain('X-RateLimit-Reset: 9999999999');
    expect((error as RateLimitError).message).toContain('docsync gives up rather than wait');
    expect(classifyError(error).kind).toBe('permanent');
    expect(server.hits.map((hit) => hit.path)).toEqual(['/v1/first', '/v1/second']);
  });
});

describe('an answer nested too deep to validate', () => {
  it('a page tree 20,000 levels deep: a response-shape error naming the depth, no stack overflow', async () => {
    let open = '';
    let close = '';
    for (let level = 1; level <= 20_000; level++) {
      open += `{"id":"p${level}","title":"Level ${level}","kind":"sheet","type":"document","path":"p${level}","slug":"p${level}","pages":[`;
      close += ']}';
    }
    server = await startServer((_hit, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(`{"pages":[${open}${close}]}`);
    });
    client = testClient(server.url);
    const error = await client.request({ path: '/spaces/s1/content', schema: z.object({ pages: z.array(PageSchema) }) }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseShapeError);
    expect((error as ResponseShapeError).message).toContain(
      'GET /v1/spaces/s1/content returned an unexpected response (the body is nested more than 512 levels deep)',
    );
  });
});
