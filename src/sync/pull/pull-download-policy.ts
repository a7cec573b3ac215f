import { isPrivateHost } from '../../artifacts/is-private-host.js';
import { DownloadError } from '../../http/errors/download-error.js';
import type { Download } from '../../http/url-downloader.js';
import { withoutQuery } from '../../http/without-query.js';

/**
 * The downloads a pull makes, limited to what a space's files can honestly point at: an API on a
 * public address names files on public hosts, so a `downloadURL` on a loopback or private address
 * (`http://127.0.0.1:…`, `http://169.254.169.254/…`, `http://10.…`) is refused before any request,
 * and its bytes never reach the folder. An API on this machine or network (the emulator) serves its
 * files from there, so it may. Host names are judged as written, without a DNS lookup.
 */
export function pullDownloads(apiEndpoint: string, download: Download): Download {
  if (isPrivateHost(new URL(apiEndpoint).hostname)) return download;
  return (url, options) => {
    const host = URL.canParse(url) ? new URL(url).hostname : undefined;
    if (host !== undefined && isPrivateHost(host)) {
      return Promise.reject(
        new DownloadError(
          withoutQuery(url),
          `is on a loopback or private address, which pull never fetches for an API at ${new URL(apiEndpoint).origin}`,
          true,
        ),
      );
    }
    return download(url, options);
  };
}
