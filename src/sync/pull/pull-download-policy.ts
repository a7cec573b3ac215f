import { isPrivateHost } from '../../artifacts/is-private-host.js';
import type { Download } from '../../http/url-downloader.js';

/**
 * Why a pull may not fetch a URL, as the words that follow it, or `undefined` when it may; no rule
 * at all for an API on this machine or network (the emulator), which serves its files from there.
 * An API on a public address names files on public hosts, so a loopback or private address
 * (`http://127.0.0.1:…`, `http://169.254.169.254/…`, `http://10.…`) is refused, whether a
 * `downloadURL` names it or a redirect leads there. Host names are judged as written, without a DNS lookup.
 */
export function pullDownloadRule(apiEndpoint: string): ((url: URL) => string | undefined) | undefined {
  const api = new URL(apiEndpoint);
  if (isPrivateHost(api.hostname)) return undefined;
  return (url) => (isPrivateHost(url.hostname) ? `is on a loopback or private address: pull never fetches those for an API at ${api.origin}` : undefined);
}

/**
 * The downloads a pull makes: each file at most `maxBytes` (the target's `import.maxBytes`: a file
 * larger than an import may be is no documentation, and the cap stops an endless answer), and only
 * from where {@link pullDownloadRule} allows, checked before each request, redirects included, so
 * refused bytes never reach the folder.
 */
export function pullDownloads(apiEndpoint: string, download: Download, maxBytes: number): Download {
  const refuse = pullDownloadRule(apiEndpoint);
  return (url, options) => download(url, { ...options, maxBytes: options?.maxBytes ?? maxBytes, refuse });
}
