import { describe, expect, it } from 'vitest';
import type { DownloadOptions } from '../../../src/http/url-downloader.js';
import { pullDownloadRule, pullDownloads } from '../../../src/sync/pull/pull-download-policy.js';

describe('pullDownloadRule', () => {
  it('refuses loopback, private and link-local hosts for a public API, and only those', () => {
    const refuse = pullDownloadRule('https://api.gitbook.com');
    for (const url of [
      'http://127.0.0.1:8080/x.png?sig=s3cr3t',
      'http://localhost/x',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/x',
      'http://10.1.2.3/x',
    ]) {
      expect(refuse?.(new URL(url))).toBe('is on a loopback or private address: pull never fetches those for an API at https://api.gitbook.com');
    }
    expect(refuse?.(new URL('https://files.gitbook.com/x.png'))).toBeUndefined();
  });

  it('has no rule for an API on this machine (the emulator), which serves its files from there', () => {
    expect(pullDownloadRule('http://127.0.0.1:4000')).toBeUndefined();
  });
});

describe('pullDownloads', () => {
  it("hands every download the rule and the pull's cap, unless the call names a cap of its own", async () => {
    const seen: DownloadOptions[] = [];
    const pull = pullDownloads('https://api.gitbook.com', (_url, options = {}) => (seen.push(options), Promise.resolve(new Uint8Array())), 5000);
    await pull('https://files.gitbook.com/a.png');
    await pull('https://files.gitbook.com/b.png', { maxBytes: 10 });
    expect(seen.map((options) => options.maxBytes)).toEqual([5000, 10]);
    expect(seen[0]?.refuse?.(new URL('http://10.0.0.1/x'))).toContain('loopback or private address');
  });
});
