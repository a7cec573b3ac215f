/** A URL outside the API could not be downloaded. Names the URL without its query string (signatures live there). */
export class DownloadError extends Error {
  readonly code = 'E_DOWNLOAD';
  /** The cap a body was larger than, when that is what failed. */
  readonly maxBytes: number | undefined;

  constructor(
    /** The URL as it may be shown (no query string). */
    readonly url: string,
    /** What went wrong, after the URL: `answered HTTP 404`, `is unreachable (ECONNREFUSED)`. */
    readonly reason: string,
    /** Whether trying again cannot help (a 404, a host that does not exist, a body over the cap). */
    readonly permanent: boolean,
    /** The HTTP status, when an answer came. */
    readonly status?: number,
    options?: ErrorOptions & { readonly maxBytes?: number },
  ) {
    super(`${url} ${reason}`, options);
    this.name = 'DownloadError';
    this.maxBytes = options?.maxBytes;
  }
}
