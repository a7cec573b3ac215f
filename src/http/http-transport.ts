import { Pool, errors as undiciErrors } from 'undici';
import { NetworkError } from '../api/errors/network-error.js';
import { TimeoutError } from '../api/errors/timeout-error.js';
import type { ResponseHeaders } from '../api/retry-after.js';
import { errnoOf } from './errno-of.js';

/** Options of {@link HttpTransport}. */
export interface HttpTransportOptions {
  /** Sockets per origin. Default `16`. */
  readonly connections?: number;
  /** Milliseconds to establish a connection. Default `10_000`. */
  readonly connectTimeoutMs?: number;
  /** Milliseconds an idle keep-alive socket is kept. Default `4_000` (undici's default). */
  readonly keepAliveTimeoutMs?: number;
}

/** One HTTP exchange as the transport sees it. */
export interface TransportRequest {
  /** `http(s)://host[:port]`, no path. */
  readonly origin: string;
  readonly method: string;
  /** Path with query string. Only `logPath` (no query) ever goes into errors. */
  readonly path: string;
  /** Path without the query string, for error messages. */
  readonly logPath: string;
  readonly headers: Readonly<Record<string, string>>;
  /** Serialized as JSON when not `undefined`. */
  readonly body?: unknown;
  /** Applies to waiting for headers and to each gap while reading the body. */
  readonly timeoutMs: number;
  readonly signal?: AbortSignal | undefined;
}

export interface TransportResponse {
  readonly status: number;
  readonly headers: ResponseHeaders;
  /** The whole body as text ('' when empty). */
  readonly text: string;
}

/** undici's own code of a failure with no system errno behind it, e.g. `UND_ERR_CONNECT_TIMEOUT`. */
function undiciCodeOf(error: unknown): string | undefined {
  return error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}

/**
 * The API's HTTP: one keep-alive `Pool` per origin, JSON in, text out.
 * Failures come out as {@link NetworkError} or {@link TimeoutError}; an abort through `signal`
 * rejects with the signal's reason untouched.
 */
export class HttpTransport {
  readonly #pools = new Map<string, Pool>();
  readonly #options: Required<HttpTransportOptions>;

  constructor(options: HttpTransportOptions = {}) {
    this.#options = {
      connections: options.connections ?? 16,
      connectTimeoutMs: options.connectTimeoutMs ?? 10_000,
      keepAliveTimeoutMs: options.keepAliveTimeoutMs ?? 4_000,
    };
  }

  #pool(origin: string): Pool {
    let pool = this.#pools.get(origin);
    if (pool === undefined) {
      pool = new Pool(origin, {
        connections: this.#options.connections,
        connect: { timeout: this.#options.connectTimeoutMs },
        keepAliveTimeout: this.#options.keepAliveTimeoutMs,
      });
      this.#pools.set(origin, pool);
    }
    return pool;
  }

  /**
   * Sends one request and reads the whole response body. `timeoutMs` is undici's `headersTimeout`
   * (time to the response headers) and `bodyTimeout` (longest gap between body chunks); undici
   * checks them at about one-second resolution, which is plenty for the API's 30 s default.
   */
  async request(req: TransportRequest): Promise<TransportResponse> {
    let headers = req.headers;
    let body: string | undefined;
    if (req.body !== undefined) {
      body = JSON.stringify(req.body);
      headers = { ...headers, 'content-type': 'application/json' };
    }
    try {
      const response = await this.#pool(req.origin).request({
        method: req.method,
        path: req.path,
        headers,
        body,
        headersTimeout: req.timeoutMs,
        bodyTimeout: req.timeoutMs,
        signal: req.signal,
      });
      const text = await response.body.text();
      return { status: response.statusCode, headers: response.headers, text };
    } catch (error) {
      throw this.#translate(error, req);
    }
  }

  #translate(error: unknown, req: TransportRequest): unknown {
    if (req.signal?.aborted === true) return req.signal.reason as unknown;
    const context = { method: req.method, path: req.logPath, cause: error };
    if (error instanceof undiciErrors.HeadersTimeoutError || error instanceof undiciErrors.BodyTimeoutError) {
      return new TimeoutError({ ...context, timeoutMs: req.timeoutMs });
    }
    if (error instanceof undiciErrors.InvalidArgumentError || error instanceof undiciErrors.NotSupportedError) {
      return error; // a programming error, not a network condition
    }
    return new NetworkError({ ...context, origin: req.origin, errno: errnoOf(error) ?? undiciCodeOf(error) });
  }

  /** Closes every pool, waiting for requests in flight. */
  async close(): Promise<void> {
    const pools = [...this.#pools.values()];
    this.#pools.clear();
    await Promise.all(pools.map((pool) => pool.close()));
  }
}
