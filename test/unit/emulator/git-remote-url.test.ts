import { describe, expect, it } from 'vitest';
import { isLocalGitUrl, withoutCredentials } from '../../../src/emulator/routes/git-remote-url.js';

describe('the URLs the emulator clones by default', () => {
  it('takes paths, file:// and http(s) on a loopback host', () => {
    for (const url of [
      '/srv/docs.git',
      './docs.git',
      'file:///srv/docs.git',
      'http://127.0.0.1:9000/docs.git',
      'https://u:p@localhost/docs.git',
      'http://[::1]:80/d',
    ])
      expect(isLocalGitUrl(url), url).toBe(true);
  });

  it('refuses any other host, ssh, and git@host:path', () => {
    for (const url of [
      'https://github.com/acme/docs.git',
      'ssh://git@github.com/acme/docs.git',
      'git@github.com:acme/docs.git',
      'http://10.0.0.1/docs.git',
      'git://host/x',
    ])
      expect(isLocalGitUrl(url), url).toBe(false);
  });

  it('masks the user and password of a URL', () => {
    expect(withoutCredentials('https://x-access-token:ghp_secret@github.com/acme/docs.git')).toBe('https://***@github.com/acme/docs.git');
    expect(withoutCredentials('/srv/docs.git')).toBe('/srv/docs.git');
  });
});
