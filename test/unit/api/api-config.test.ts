import { describe, expect, it } from 'vitest';
import { DEFAULT_ENDPOINT, normalizeEndpoint, resolveApiConfig } from '../../../src/api/api-config.js';

describe('resolveApiConfig', () => {
  it('defaults to https://api.gitbook.com/v1 and no token', () => {
    expect(resolveApiConfig({})).toEqual({ baseUrl: `${DEFAULT_ENDPOINT}/v1`, token: undefined, tokenSource: undefined });
  });

  it('reads GITBOOK_ENDPOINT and GITBOOK_TOKEN, as the official CLI does', () => {
    expect(resolveApiConfig({ GITBOOK_ENDPOINT: 'https://gb.example', GITBOOK_TOKEN: 'g' })).toEqual({
      baseUrl: 'https://gb.example/v1',
      token: 'g',
      tokenSource: 'GITBOOK_TOKEN',
    });
  });

  it('DOCSYNC_* override GITBOOK_*', () => {
    const config = resolveApiConfig({
      DOCSYNC_ENDPOINT: 'http://127.0.0.1:4010',
      DOCSYNC_TOKEN: 'd',
      GITBOOK_ENDPOINT: 'https://gb.example',
      GITBOOK_TOKEN: 'g',
    });
    expect(config).toEqual({ baseUrl: 'http://127.0.0.1:4010/v1', token: 'd', tokenSource: 'DOCSYNC_TOKEN' });
  });

  it('each variable falls back on its own', () => {
    expect(resolveApiConfig({ DOCSYNC_ENDPOINT: 'http://e', GITBOOK_TOKEN: 'g' })).toMatchObject({ baseUrl: 'http://e/v1', token: 'g' });
    expect(resolveApiConfig({ GITBOOK_ENDPOINT: 'http://g', DOCSYNC_TOKEN: 'd' })).toMatchObject({ baseUrl: 'http://g/v1', token: 'd' });
  });

  it('empty or blank values count as unset; tokens are trimmed', () => {
    expect(resolveApiConfig({ DOCSYNC_ENDPOINT: '', DOCSYNC_TOKEN: '  ', GITBOOK_TOKEN: ' g \n' })).toEqual({
      baseUrl: 'https://api.gitbook.com/v1',
      token: 'g',
      tokenSource: 'GITBOOK_TOKEN',
    });
  });
});

describe('normalizeEndpoint', () => {
  it.each([
    ['https://api.gitbook.com', 'https://api.gitbook.com/v1'],
    ['https://api.gitbook.com/', 'https://api.gitbook.com/v1'],
    ['https://api.gitbook.com/v1', 'https://api.gitbook.com/v1'],
    ['https://api.gitbook.com/v1/', 'https://api.gitbook.com/v1'],
    ['http://127.0.0.1:8080//', 'http://127.0.0.1:8080/v1'],
    ['https://proxy.example/gitbook', 'https://proxy.example/gitbook/v1'],
    ['https://proxy.example/gitbook/v1', 'https://proxy.example/gitbook/v1'],
    [' https://api.gitbook.com ', 'https://api.gitbook.com/v1'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeEndpoint(input)).toBe(expected);
  });

  it('rejects what is not an http(s) URL, naming the variable to fix', () => {
    expect(() => normalizeEndpoint('api.gitbook.com')).toThrow(/DOCSYNC_ENDPOINT/);
    expect(() => normalizeEndpoint('ftp://x')).toThrow(/http/);
  });

  it('rejects credentials in the URL without echoing them', () => {
    expect(() => normalizeEndpoint('https://user:hunter2@api.example')).toThrow(/DOCSYNC_TOKEN/);
    try {
      normalizeEndpoint('https://user:hunter2@api.example');
    } catch (error) {
      expect((error as Error).message).not.toContain('hunter2');
    }
  });
});
