import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { UrlDownloader } from '../../../src/http/url-downloader.js';
import { MigrationSourceError } from '../../../src/migrate/errors/migration-source-error.js';
import { resolveUrlSource } from '../../../src/migrate/sources/url-source.js';

const downloader = new UrlDownloader();
const sockets: Socket[] = [];
// Accepts every connection and never answers: each try waits for the full request timeout (60 s).
const silent = createServer((socket) => void sockets.push(socket));
await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/guide.md?signature=0123456789abcdef`;

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => silent.close(resolve));
  await downloader.close();
});

describe('a URL source that never answers', () => {
  it('fails its item for good once the total wait is spent, naming the source without its signature', async () => {
    const error = await resolveUrlSource({ kind: 'markdown', url }, { download: downloader.download, sourceWaitMs: 300 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MigrationSourceError);
    expect((error as MigrationSourceError).permanent).toBe(true);
    expect((error as Error).message).toMatch(/^source http:\/\/127\.0\.0\.1:\d+\/guide\.md\?\[redacted\] did not answer within 0\.3 s, all tries included/);
  });

  it('an interrupted run is an interruption, not a source failure', async () => {
    const controller = new AbortController();
    const pending = resolveUrlSource({ kind: 'markdown', url }, { download: downloader.download, signal: controller.signal }).catch((e: unknown) => e);
    controller.abort(new Error('interrupted'));
    expect(await pending).toEqual(new Error('interrupted'));
  });
});
