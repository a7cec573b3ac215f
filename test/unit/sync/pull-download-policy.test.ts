import { describe, expect, it } from 'vitest';
import { DownloadError } from '../../../src/http/errors/download-error.js';
import { pullDownloads } from '../../../src/sync/pull/pull-download-policy.js';

describe('pullDownloads', () => {
  const fetched: string[] = [];
  const download = (url: string): Promise<Uint8Array> => {
    fetched.push(url);
    return Promise.resolve(new Uint8Array([1]));
  };

  it('refuses loopback, private and link-local hosts for a public API, before any request, without the query', async () => {
    const pull = pullDownloads('https://api.gitbook.com', download);
    for (const url of [
      'http://127.0.0.1:8080/x.png?sig=s3cr3t',
      'http://localhost/x',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/x',
      'http://10.1.2.3/x',
    ]) {
      const error = await pull(url).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DownloadError);
      expect((error as DownloadError).permanent).toBe(true);
      expect((error as DownloadError).message).toContain('loopback or private address, which pull never fetches for an API at https://api.gitbook.com');
      expect((error as DownloadError).message).not.toContain('s3cr3t');
    }
    expect(fetched).toEqual([]);
    await pull('https://files.gitbook.com/x.png');
    expect(fetched).toEqual(['https://files.gitbook.com/x.png']);
  });

  it('lets an API on this machine (the emulator) serve its files from there', async () => {
    fetched.length = 0;
    await pullDownloads('http://127.0.0.1:4000', download)('http://127.0.0.1:4000/files/x.png');
    expect(fetched).toEqual(['http://127.0.0.1:4000/files/x.png']);
  });
});
