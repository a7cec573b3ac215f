import { describe, expect, it } from 'vitest';
import { isPrivateHost } from '../../../src/artifacts/is-private-host.js';

/** The host name as docsync sees it: through the WHATWG URL parser, which normalises IPv4 forms. */
const hostOf = (url: string): string => new URL(url).hostname;

describe('isPrivateHost', () => {
  it.each([
    ['http://127.0.0.1:8787', 'IPv4 loopback'],
    ['http://127.255.255.254', 'the end of 127/8'],
    ['http://127.1', 'shorthand loopback'],
    ['http://2130706433', 'loopback as one number'],
    ['http://0x7f000001', 'loopback in hex'],
    ['http://localhost:8787', 'localhost'],
    ['http://LOCALHOST.', 'localhost, upper case with the root dot'],
    ['http://bundles.localhost', 'a *.localhost name'],
    ['http://[::1]:8787', 'IPv6 loopback'],
    ['http://[0:0:0:0:0:0:0:1]', 'IPv6 loopback written out'],
    ['http://[::ffff:127.0.0.1]', 'IPv4-mapped loopback'],
    ['http://[::ffff:10.1.2.3]', 'IPv4-mapped private'],
    ['http://10.0.0.1', '10/8'],
    ['http://10.255.255.255', 'the end of 10/8'],
    ['http://172.16.0.1', 'the start of 172.16/12'],
    ['http://172.31.255.255', 'the end of 172.16/12'],
    ['http://192.168.1.10', '192.168/16'],
    ['http://169.254.169.254', 'link-local (cloud metadata)'],
    ['http://0.0.0.0:8787', 'the unspecified address a wildcard listen gives'],
    ['http://[::]:8787', 'the IPv6 unspecified address'],
    ['http://[fc00::1]', 'the start of fc00::/7'],
    ['http://[fdff:ffff::1]', 'the end of fc00::/7'],
    ['http://[fe80::1]', 'IPv6 link-local'],
  ])('%s is private (%s)', (url) => {
    expect(isPrivateHost(hostOf(url))).toBe(true);
  });

  it.each([
    ['https://api.gitbook.com', 'a public name'],
    ['https://my-bucket.s3.eu-west-1.amazonaws.com', 'an S3 virtual-host name'],
    ['http://localhost.example.com', 'a name that only starts with localhost'],
    ['http://8.8.8.8', 'a public IPv4 address'],
    ['http://128.0.0.1', 'just past 127/8'],
    ['http://11.0.0.1', 'just past 10/8'],
    ['http://172.15.255.255', 'just before 172.16/12'],
    ['http://172.32.0.1', 'just past 172.16/12'],
    ['http://192.169.0.1', 'just past 192.168/16'],
    ['http://169.255.0.1', 'just past 169.254/16'],
    ['http://[2001:db8::1]', 'a global IPv6 address'],
    ['http://[fe00::1]', 'just before fc00::/7'],
    ['http://[::ffff:8.8.8.8]', 'an IPv4-mapped public address'],
  ])('%s is public (%s)', (url) => {
    expect(isPrivateHost(hostOf(url))).toBe(false);
  });

  it('takes bare host names too, bracketed or not', () => {
    expect(isPrivateHost('[::1]')).toBe(true);
    expect(isPrivateHost('::1')).toBe(true);
    expect(isPrivateHost('192.168.0.1')).toBe(true);
    expect(isPrivateHost('example.org')).toBe(false);
  });
});
