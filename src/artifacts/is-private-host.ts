import { BlockList, isIP } from 'node:net';

/** Loopback, private, link-local and unspecified ranges: addresses a hosted API cannot reach. */
const PRIVATE = new BlockList();
PRIVATE.addSubnet('127.0.0.0', 8, 'ipv4');
PRIVATE.addSubnet('10.0.0.0', 8, 'ipv4');
PRIVATE.addSubnet('172.16.0.0', 12, 'ipv4');
PRIVATE.addSubnet('192.168.0.0', 16, 'ipv4');
PRIVATE.addSubnet('169.254.0.0', 16, 'ipv4');
PRIVATE.addSubnet('0.0.0.0', 8, 'ipv4');
PRIVATE.addAddress('::1', 'ipv6');
PRIVATE.addAddress('::', 'ipv6');
PRIVATE.addSubnet('fc00::', 7, 'ipv6');
PRIVATE.addSubnet('fe80::', 10, 'ipv6');

/**
 * Whether a URL's host name is one only this machine or its network can reach: `localhost` (and
 * `*.localhost`), or an IPv4 / IPv6 address in a loopback, private, link-local or unspecified range
 * (IPv4-mapped IPv6 addresses by their IPv4 part). Other names count as public: no DNS lookup.
 */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(host)?.[1] ?? mappedHex(host);
  if (mapped !== undefined) return PRIVATE.check(mapped, 'ipv4');
  const family = isIP(host);
  if (family === 4) return PRIVATE.check(host, 'ipv4');
  if (family === 6) return PRIVATE.check(host, 'ipv6');
  return false;
}

/** `::ffff:7f00:1` (how the URL parser writes `::ffff:127.0.0.1`) as `127.0.0.1`. */
function mappedHex(host: string): string | undefined {
  const match = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(host);
  if (!match?.[1] || !match[2]) return undefined;
  const high = parseInt(match[1], 16);
  const low = parseInt(match[2], 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}
