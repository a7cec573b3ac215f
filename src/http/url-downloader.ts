import { performance } from 'node:perf_hooks';
import type { LookupFunction } from 'node:net';
import { DownloadError } from './errors/download-error.js';
import { TransportError } from './errors/transport-error.js';
import { HttpTransport, type TransportResponse } from './http-transport.js';
import { backoffMs, DEFAULT_BACKOFF, type ErrorClass, retryLoop } from './retry-loop.js';
import { withoutQuery } from './without-query.js';

/** Options of one download. */
export interface DownloadOptions {
  readonly signal?: AbortSignal | undefined;
  /** Most bytes accepted; a larger body fails at once (permanent) and is not read further. */
  readonly maxBytes?: number | undefined;
  /**
   * Why a URL may not be fetched, as the words that follow it (`is on a private address…`), or
   * `undefined` to fetch it. Asked of the URL and of every URL a redirect names, before any request to it.
   */
  readonly refuse?: ((url: URL) => string | undefined) | undefined;
}

/** Downloads a whole URL: what callers outside the composition root depend on. */
export type Download = (url: string, options?: DownloadOptions) => Promise<Uint8Array>;

/** Options of {@link UrlDownloader}. */
export interface UrlDownloaderOptions {
  /** Milliseconds to the response headers, and the longest gap between body chunks. Default 60 000. */
  readonly timeoutMs?: number;
  /**
   * Milliseconds one try may take from sending to the body's last byte, redirects included, however
   * steadily it arrives: a server trickling one byte a second is cut off. Default 300 000.
   */
  readonly deadlineMs?: number;
  /** Most bytes accepted when a download names no `maxBytes` of its own. Default: no bound. */
  readonly maxBytes?: number;
  /** Tries for failures worth retrying (5xx, resets, timeouts), the first included. Default 3. */
  readonly attempts?: number;
  /** Replaces the real timer between retries (tests). */
  readonly sleep?: (ms: number) => Promise<void>;
  /** Resolves host names (tests). Default: the system's resolver. */
  readonly lookup?: LookupFunction;
}

/** Errno codes of a host that does not exist or does not serve: trying again will not help. */
const PERMANENT_ERRNO = /ENOTFOUND|EAI_NONAME|ECONNREFUSED|CERT|SELF_SIGNED|UNABLE_TO_VERIFY/;

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 5;

/** `url` (resolved against `base`) when it is an http(s) URL. */
function httpUrl(url: string, base?: URL): URL | undefined {
  const parsed = URL.parse(url, base?.href);
  return parsed !== null && (parsed.protocol === 'http:' || parsed.protocol === 'https:') ? parsed : undefined;
}

/** `512 bytes`, `64 KiB`, `1.5 MiB`. */
function sizeText(bytes: number): string {
  if (bytes >= 1_048_576) return `${Math.round((bytes / 1_048_576) * 10) / 10} MiB`;
  return bytes >= 1024 ? `${Math.round((bytes / 1024) * 10) / 10} KiB` : `${bytes} bytes`;
}

/**
 * HTTP for URLs that are not the API (a migration's URL source, the files of a pulled space), on the
 * API's own {@link HttpTransport}: GET with timeouts, a size cap checked while the body streams, up
 * to 5 redirects followed by this code (each target asked of the caller's `refuse` rule first), and
 * retries of 5xx, resets and timeouts on the one retry loop (retryLoop, the client's backoff).
 * Errors name URLs without their query string, so a signed download URL never reaches a log or a report.
 */
export class UrlDownloader {
  readonly #transport: HttpTransport;
  readonly #timeoutMs: number;
  readonly #deadlineMs: number;
  readonly #maxBytes: number;
  readonly #attempts: number;
  readonly #sleep: ((ms: number) => Promise<void>) | undefined;

  constructor(options: UrlDownloaderOptions = {}) {
    this.#transport = new HttpTransport({ connectTimeoutMs: 10_000, lookup: options.lookup });
    this.#timeoutMs = options.timeoutMs ?? 60_000;
    this.#deadlineMs = options.deadlineMs ?? 300_000;
    this.#maxBytes = options.maxBytes ?? Number.POSITIVE_INFINITY;
    this.#attempts = options.attempts ?? 3;
    this.#sleep = options.sleep;
  }

  /** The downloader as a function, for dependencies. */
  readonly download: Download = (url, options = {}) =>
    retryLoop(() => this.#once(url, options), {
      attempts: this.#attempts,
      classify: downloadVerdict,
      backoffMs: (attempt) => backoffMs(DEFAULT_BACKOFF, attempt),
      signal: options.signal,
      sleep: this.#sleep,
    });

  async close(): Promise<void> {
    await this.#transport.close();
  }

  async #once(url: string, options: DownloadOptions): Promise<Uint8Array> {
    const shown = withoutQuery(url);
    const first = httpUrl(url);
    if (first === undefined) throw new DownloadError(shown, 'is not an http(s) URL', true);
    let at = first;
    const started = performance.now();
    for (let redirects = 0; ; redirects++) {
      const refusal = options.refuse?.(at);
      if (refusal !== undefined) throw new DownloadError(shown, redirects === 0 ? refusal : `redirects to ${withoutQuery(at.href)}, which ${refusal}`, true);
      const response = await this.#get(at, shown, options, this.#deadlineMs - (performance.now() - started));
      const { status } = response;
      if (REDIRECT_STATUSES.has(status)) {
        const location = response.headers.location;
        const next: URL | undefined = location === undefined ? undefined : httpUrl(location, at);
        if (next === undefined) throw new DownloadError(shown, `answered HTTP ${status} with no http(s) Location to follow`, true, status);
        if (redirects === MAX_REDIRECTS) throw new DownloadError(shown, `redirects more than ${MAX_REDIRECTS} times`, true, status);
        at = next;
        continue;
      }
      if (status < 200 || status >= 300) {
        // 408 and 429 ask to come back; other 4xx will answer the same; 5xx may heal, except 501.
        const permanent = status < 500 ? status !== 408 && status !== 429 : status === 501;
        throw new DownloadError(shown, `answered HTTP ${status}`, permanent, status);
      }
      return new Uint8Array(response.body.buffer, response.body.byteOffset, response.body.byteLength);
    }
  }

  /** One GET within what is left of the try's deadline. */
  async #get(url: URL, shown: string, options: DownloadOptions, leftMs: number): Promise<TransportResponse> {
    const maxBytes = options.maxBytes ?? this.#maxBytes;
    const late = (cause?: unknown): DownloadError => new DownloadError(shown, `did not finish within ${this.#deadlineMs / 1000} s`, true, undefined, { cause });
    if (leftMs <= 0) throw late();
    try {
      return await this.#transport.request({
        origin: url.origin,
        method: 'GET',
        path: `${url.pathname}${url.search}`,
        headers: { accept: '*/*', 'user-agent': 'docsync' },
        timeoutMs: this.#timeoutMs,
        deadlineMs: leftMs,
        maxBytes: Number.isFinite(maxBytes) ? maxBytes : undefined,
        signal: options.signal,
      });
    } catch (error) {
      if (!(error instanceof TransportError)) throw error;
      const { failure } = error;
      if (failure.kind === 'budget' && failure.budget.kind === 'deadline') throw late(error);
      if (failure.kind === 'budget') {
        throw new DownloadError(shown, `is larger than ${sizeText(maxBytes)}, the most docsync reads`, true, undefined, { cause: error, maxBytes });
      }
      if (failure.kind === 'timeout') {
        throw new DownloadError(shown, `is unreachable (no answer within ${failure.timeoutMs / 1000} s)`, false, undefined, { cause: error });
      }
      const reason = failure.errno ?? 'connection failed';
      throw new DownloadError(shown, `is unreachable (${reason})`, PERMANENT_ERRNO.test(reason), undefined, { cause: error });
    }
  }
}

/** A download error says itself whether it may heal; anything else it met (a reset mid-body) may. */
function downloadVerdict(error: unknown): ErrorClass {
  return error instanceof DownloadError && error.permanent ? { kind: 'permanent', reason: error.message } : { kind: 'transient' };
}
