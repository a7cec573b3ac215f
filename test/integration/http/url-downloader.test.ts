import { afterEach, describe, expect, it } from 'vitest';
import { DownloadError } from '../../../src/http/errors/download-error.js';
import { UrlDownloader } from '../../../src/http/url-downloader.js';
import { startServer, type Handler, type LoopbackServer } from '../../support/loopback-server.js';
import { freePort } from '../../support/free-port.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function serve(handler: Handler): Promise<LoopbackServer> {
  const server = await startServer(handler);
  cleanups.push(() => server.close());
  return server;
}

function downloader(options: ConstructorParameters<typeof UrlDownloader>[0] = {}): UrlDownloader {
  const made = new UrlDownloader({ sleep: () => Promise.resolve(), ...options });
  cleanups.push(() => made.close());
  return made;
}

async function failure(promise: Promise<unknown>): Promise<DownloadError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DownloadError);
  return error as DownloadError;
}

describe('UrlDownloader against a real server', () => {
  it('retries a 503 and returns the body of the answer that follows, after a redirect', async () => {
    const server = await serve((hit, res, index) => {
      if (hit.path === '/moved') return void res.writeHead(302, { location: '/file.zip' }).end();
      if (index === 1) return void res.writeHead(503).end();
      res.writeHead(200, { 'content-type': 'application/zip' }).end('zip bytes');
    });
    const bytes = await downloader().download(`${server.url}/moved`);
    expect(Buffer.from(bytes).toString()).toBe('zip bytes');
    expect(server.hits.map((hit) => hit.path)).toEqual(['/moved', '/file.zip', '/moved', '/file.zip']);
  });

  it('gives up on a 404 at once, naming the URL without its query string', async () => {
    const server = await serve((_hit, res) => void res.writeHead(404).end('not here'));
    const error = await failure(downloader().download(`${server.url}/a/b.png?signature=s3cr3t&expires=1`));
    expect(error.permanent).toBe(true);
    expect(error.status).toBe(404);
    expect(error.message).toBe(`${server.url}/a/b.png?… answered HTTP 404`);
    expect(server.hits).toHaveLength(1);
  });

  it('stops reading a body over maxBytes, declared or not', async () => {
    const server = await serve((hit, res) => {
      if (hit.path === '/declared') return void res.writeHead(200, { 'content-length': '2048' }).end(Buffer.alloc(2048));
      res.writeHead(200); // chunked: no length to check before the bytes come
      res.write(Buffer.alloc(1024));
      res.end(Buffer.alloc(1024));
    });
    for (const path of ['/declared', '/chunked']) {
      const error = await failure(downloader().download(`${server.url}${path}`, { maxBytes: 1500 }));
      expect(error.permanent).toBe(true);
      expect(error.reason).toMatch(/is larger than/);
    }
  });

  it('says a closed port is unreachable and does not retry it', async () => {
    const port = await freePort();
    const error = await failure(downloader().download(`http://127.0.0.1:${port}/gone.zip`));
    expect(error.reason).toBe('is unreachable (ECONNREFUSED)');
    expect(error.permanent).toBe(true);
  });

  it('rejects with the abort reason when the caller aborts', async () => {
    const server = await serve(() => undefined); // never answers
    const controller = new AbortController();
    const pending = downloader().download(`${server.url}/slow`, { signal: controller.signal });
    controller.abort(new Error('shutting down'));
    await expect(pending).rejects.toThrow('shutting down');
  });
});
