import type { LookupFunction } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DownloadError } from '../../../src/http/errors/download-error.js';
import { UrlDownloader } from '../../../src/http/url-downloader.js';
import { pullDownloads } from '../../../src/sync/pull/pull-download-policy.js';
import { startServer, type LoopbackServer } from '../../support/loopback-server.js';

/** Every host name resolves to this machine: the loopback server stands in for a public file host. */
const toLoopback = ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) =>
  options.all === true ? callback(null, [{ address: '127.0.0.1', family: 4 }]) : callback(null, '127.0.0.1', 4)) as unknown as LookupFunction;

let server: LoopbackServer;
const downloader = new UrlDownloader({ attempts: 1, lookup: toLoopback });
beforeAll(async () => {
  server = await startServer((hit, res) => {
    if (hit.path === '/to-metadata.png') return void res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/?token=t0k3n' }).end();
    if (hit.path === '/moved.png') return void res.writeHead(307, { location: '/file.png?X-Amz-Signature=s3cr3t' }).end();
    res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(hit.path === '/large.png' ? 2048 : 16, 1));
  });
});
afterAll(async () => {
  await downloader.close();
  await server.close();
});

/** A pull's downloads for an API on a public address, from the loopback server under a public-looking name. */
const pull = pullDownloads('https://api.gitbook.com', downloader.download, 1024);
const publicUrl = (path: string): string => `http://files.example.test:${server.port}${path}`;

async function failure(promise: Promise<unknown>): Promise<DownloadError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DownloadError);
  return error as DownloadError;
}

describe("a pull's downloads for a public API", () => {
  it('refuse a redirect to a private address before following it, naming both URLs without their query strings', async () => {
    server.hits.length = 0;
    const error = await failure(pull(publicUrl('/to-metadata.png?X-Amz-Signature=s3cr3t')));
    expect(error.message).toBe(
      `${publicUrl('/to-metadata.png')}?… redirects to http://169.254.169.254/latest/meta-data/?…, which is on a loopback or private address: pull never fetches those for an API at https://api.gitbook.com`,
    );
    expect(error.permanent).toBe(true);
    expect(server.hits.map((hit) => hit.path)).toEqual(['/to-metadata.png']);

    // A redirect within the public host is followed; a private address named first is never asked.
    expect(Buffer.from(await pull(publicUrl('/moved.png')))).toEqual(Buffer.alloc(16, 1));
    expect(server.hits.map((hit) => hit.url)).toEqual(['/to-metadata.png?X-Amz-Signature=s3cr3t', '/moved.png', '/file.png?X-Amz-Signature=s3cr3t']);
    const direct = await failure(pull(`${server.url}/file.png`));
    expect(direct.message).toBe(`${server.url}/file.png is on a loopback or private address: pull never fetches those for an API at https://api.gitbook.com`);
    expect(server.hits).toHaveLength(3);
  });

  it("stop at the pull's cap, naming it", async () => {
    const error = await failure(pull(publicUrl('/large.png')));
    expect(error.reason).toBe('is larger than 1 KiB, the most docsync reads');
    expect(error.maxBytes).toBe(1024);
  });
});
