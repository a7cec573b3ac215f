/** A URL with a scheme (`https://…`), or git's scp-like `host:path`. */
const SCHEME = /^([a-z][a-z0-9+.-]*):\/\//i;
const SCP_LIKE = /^[^/:]+:/;

/** Whether git would fetch `url` from this machine: a path, `file://`, or http(s) on a loopback host. */
export function isLocalGitUrl(url: string): boolean {
  const scheme = SCHEME.exec(url)?.[1]?.toLowerCase();
  if (scheme === undefined) return !SCP_LIKE.test(url);
  if (scheme === 'file') return true;
  if (scheme !== 'http' && scheme !== 'https') return false;
  if (!URL.canParse(url)) return false;
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || /^127\./.test(host);
}

/** `url` with its user and password masked, for messages. */
export function withoutCredentials(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/@\s]*@/i, '$1***@');
}
