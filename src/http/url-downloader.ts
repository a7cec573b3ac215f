import { Agent, errors as undiciErrors, interceptors, request, type Dispatcher } from 'undici';
import { retryWithPolicy } from '../failure/retry-with-policy.js';
import { DownloadError } from './errors/download-error.js';
import { errnoOf } from './errno-of.js';
import { withoutQuery } from './without-query.js';

/** Options of one download. */
export interface DownloadOptions {
  readonly signal?: AbortSignal | undefined;
  /** Most bytes accepted; a larger body fails at once (permanent) and is not read further. */
  readonly maxBytes?: number | undefined;
}

/** Downloads a whole URL: what callers outside the composition root depend on. */
export type Download = (url: string, options?: DownloadOptions) => Promise<Uint8Array>;

/** Options of {@link UrlDownloader}. */
export interface UrlDownloaderOptions {
  /** Milliseconds to the response headers, and the longest gap between body chunks. Default 60 000. */
  readonly timeoutMs?: number;
  /**
   * Milliseconds one try may take from sending to the body's last byte, however steadily it arrives:
   * a server trickling one byte a second is cut off. Default 300 000.
   */
  readonly deadlineMs?: number;
  /** Most bytes accepted when a download names no `maxBytes` of its own. Default: no bound. */
  readonly maxBytes?: number;
  /** Tries for failures worth retrying (5xx, resets, timeouts), the first included. Default 3. */
  readonly attempts?: number;
  /** Replaces the real timer between retries (tests). */
  readonly sleep?: (ms: number) => Promise<void>;
}

/** Errno codes of a host that does not exist or does not serve: trying again will not help. */
const PERMANENT_ERRNO = /ENOTFOUND|EAI_NONAME|ECONNREFUSED|CERT|SELF_SIGNED|UNABLE_TO_VERIFY/;

/**
 * HTTP for URLs that are not the API (a migration's URL source, the files of a pulled space): GET
 * with timeouts, up to 5 redirects, a size cap checked while the body streams, and retries of 5xx,
 * resets and timeouts on the one retry loop (retryWithPolicy, the client's backoff). Errors name the URL
 * without its query string, so a signed download URL never reaches a log or a report.
 */
export class UrlDownloader {
  readonly #agent: Dispatcher;
  readonly #agentToClose: Agent;
  readonly #timeoutMs: number;
  readonly #deadlineMs: number;
  readonly #maxBytes: number;
  readonly #attempts: number;
  readonly #sleep: ((ms: number) => Promise<void>) | undefined;

  constructor(options: UrlDownloaderOptions = {}) {
    this.#agentToClose = new Agent({ connect: { timeout: 10_000 } });
    this.#agent = this.#agentToClose.compose(interceptors.redirect({ maxRedirections: 5 }));
    this.#timeoutMs = options.timeoutMs ?? 60_000;
    this.#deadlineMs = options.deadlineMs ?? 300_000;
    this.#maxBytes = options.maxBytes ?? Number.POSITIVE_INFINITY;
    this.#attempts = options.attempts ?? 3;
    this.#sleep = options.sleep;
  }

  /** The downloader as a function, for dependencies. */
  readonly download: Download = (url, options = {}) =>
    retryWithPolicy(() => this.#once(url, options), { attempts: this.#attempts, signal: options.signal, sleep: this.#sleep });

  async close(): Promise<void> {
    await this.#agentToClose.close();
  }

  async #once(url: string, options: DownloadOptions): Promise<Uint8Array> {
    const shown = withoutQuery(url);
    if (!/^https?:\/\//i.test(url)) throw new DownloadError(shown, 'is not an http(s) URL', true);
    const deadline = AbortSignal.timeout(this.#deadlineMs);
    const signal = options.signal === undefined ? deadline : AbortSignal.any([options.signal, deadline]);
    const failure = (error: unknown): unknown =>
      deadline.aborted && options.signal?.aborted !== true
        ? new DownloadError(shown, `did not finish within ${this.#deadlineMs / 1000} s`, true, undefined, { cause: error })
        : this.#failure(error, shown, options.signal);
    let response: Dispatcher.ResponseData;
    try {
      response = await request(url, { dispatcher: this.#agent, headersTimeout: this.#timeoutMs, bodyTimeout: this.#timeoutMs, signal });
    } catch (error) {
      throw failure(error);
    }
    const { statusCode, headers, body } = response;
    if (statusCode < 200 || statusCode >= 300) {
      body.resume();
      // 408 and 429 ask to come back; other 4xx will answer the same; 5xx may heal, except 501.
      const permanent = statusCode < 500 ? statusCode !== 408 && statusCode !== 429 : statusCode === 501;
      throw new DownloadError(shown, `answered HTTP ${statusCode}`, permanent, statusCode);
    }
    const max = options.maxBytes ?? this.#maxBytes;
    const tooLarge = (): DownloadError =>
      new DownloadError(shown, `is larger than ${(max / 1048576).toFixed(0)} MiB, the most docsync reads`, true, statusCode);
    if (Number(headers['content-length'] ?? 0) > max) {
      // Destroyed before its end, undici's body emits an abort error: nobody else is listening.
      body.on('error', () => undefined).destroy();
      throw tooLarge();
    }
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of body as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > max) {
          body.on('error', () => undefined).destroy();
          throw tooLarge();
        }
        chunks.push(chunk);
      }
    } catch (error) {
      if (error instanceof DownloadError) throw error;
      throw failure(error);
    }
    return new Uint8Array(Buffer.concat(chunks, size));
  }

  #failure(error: unknown, shown: string, signal: AbortSignal | undefined): unknown {
    if (signal?.aborted === true) return signal.reason as unknown;
    if (error instanceof undiciErrors.HeadersTimeoutError || error instanceof undiciErrors.BodyTimeoutError) {
      return new DownloadError(shown, `is unreachable (no answer within ${this.#timeoutMs / 1000} s)`, false, undefined, { cause: error });
    }
    const reason = errnoOf(error) ?? (error instanceof Error ? error.message : String(error));
    return new DownloadError(
      shown,
      `is unreachable (${reason})`,
      PERMANENT_ERRNO.test(reason) || error instanceof undiciErrors.InvalidArgumentError,
      undefined,
      { cause: error },
    );
  }
}
