import { Agent as HttpAgent, request as httpRequest, type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { errnoOf } from './errno-of.js';
import { TransportError, type TransportFailure } from './errors/transport-error.js';

/** Options of {@link HttpTransport}. */
export interface HttpTransportOptions {
  /** Sockets per origin. Default `16`. */
  readonly connections?: number;
  /** Milliseconds to establish a connection. Default `10_000`. */
  readonly connectTimeoutMs?: number;
  /** Milliseconds an idle keep-alive socket is kept (less when the server's `Keep-Alive` asks). Default `4_000`. */
  readonly keepAliveTimeoutMs?: number;
  /** Resolves host names. Default: the system's resolver (tests point a public-looking name at a loopback server). */
  readonly lookup?: LookupFunction | undefined;
}

/** One HTTP exchange as the transport sees it. */
export interface TransportRequest {
  /** `http(s)://host[:port]`, no path. */
  readonly origin: string;
  readonly method: string;
  /** Path with query string. */
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  /** Sent as is, with its `content-length`. */
  readonly body?: string | undefined;
  /** Applies to waiting for headers and to each gap while reading the body. */
  readonly timeoutMs: number;
  /** The whole exchange, from sending to the body's end, in milliseconds. Default: no bound. */
  readonly deadlineMs?: number | undefined;
  /** Most bytes of body read; a longer body ends the exchange. Default: no bound. */
  readonly maxBytes?: number | undefined;
  readonly signal?: AbortSignal | undefined;
}

export interface TransportResponse {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  /** The whole body (empty when there is none). */
  readonly body: Buffer;
}

/** Errno of a connection that did not open within `connectTimeoutMs`: nothing was sent. */
const CONNECT_TIMEOUT = 'E_CONNECT_TIMEOUT';

/**
 * docsync's one HTTP client, for the API and for downloads alike, on Node's own `http` and `https`
 * (which, unlike undici, load nothing and compile no WebAssembly parser, which a one-shot command
 * paid for at start and at exit): one keep-alive agent per origin, a connect timeout, and a response
 * budget. Redirects are answers like any other: the caller decides whether to follow one. Failures
 * come out as {@link TransportError}; an abort through `signal` rejects with the signal's reason
 * untouched; a header or method Node refuses (a programming error) as Node's own error.
 */
export class HttpTransport {
  readonly #agents = new Map<string, HttpAgent>();
  readonly #inFlight = new Set<Promise<unknown>>();
  readonly #options: Required<Omit<HttpTransportOptions, 'lookup'>>;
  readonly #lookup: LookupFunction | undefined;

  constructor(options: HttpTransportOptions = {}) {
    this.#options = {
      connections: options.connections ?? 16,
      connectTimeoutMs: options.connectTimeoutMs ?? 10_000,
      keepAliveTimeoutMs: options.keepAliveTimeoutMs ?? 4_000,
    };
    this.#lookup = options.lookup;
  }

  #agent(origin: string): HttpAgent {
    let agent = this.#agents.get(origin);
    if (agent === undefined) {
      // `timeout` closes a socket left idle that long; Node shortens it to a server's `Keep-Alive` hint.
      const options = {
        keepAlive: true,
        maxSockets: this.#options.connections,
        timeout: this.#options.keepAliveTimeoutMs,
        ...(this.#lookup === undefined ? {} : { lookup: this.#lookup }),
      };
      agent = origin.startsWith('https:') ? new HttpsAgent(options) : new HttpAgent(options);
      this.#agents.set(origin, agent);
    }
    return agent;
  }

  /**
   * Sends one request and reads the whole response body. `timeoutMs` bounds the wait for the
   * response headers and then each gap between pieces of the body; `deadlineMs` the whole exchange
   * and `maxBytes` the body, so a server that answers forever, or one byte at a time, is cut off.
   */
  async request(req: TransportRequest): Promise<TransportResponse> {
    const headers: OutgoingHttpHeaders = req.body === undefined ? { ...req.headers } : { ...req.headers, 'content-length': Buffer.byteLength(req.body) };
    const exchange = this.#exchange(req, headers);
    this.#inFlight.add(exchange);
    try {
      return await exchange;
    } catch (error) {
      if (req.signal?.aborted === true) throw req.signal.reason;
      throw error;
    } finally {
      this.#inFlight.delete(exchange);
    }
  }

  #exchange(req: TransportRequest, headers: OutgoingHttpHeaders): Promise<TransportResponse> {
    return new Promise((resolve, reject) => {
      const send = req.origin.startsWith('https:') ? httpsRequest : httpRequest;
      const outgoing = send(`${req.origin}${req.path}`, { method: req.method, headers, agent: this.#agent(req.origin), signal: req.signal });
      let timer: NodeJS.Timeout | undefined;
      // The first failure settles the exchange. The request is destroyed without it: given the error,
      // a socket the agent already holds as free would emit it with no one listening.
      const fail = (error: Error): void => {
        settle();
        reject(error);
        outgoing.destroy();
      };
      const failWith = (failure: TransportFailure, cause?: unknown): void => fail(new TransportError(failure, { cause }));
      const deadline =
        req.deadlineMs === undefined
          ? undefined
          : setTimeout(() => failWith({ kind: 'budget', budget: { kind: 'deadline', deadlineMs: req.deadlineMs ?? 0 } }), req.deadlineMs);
      const awaitNext = (): void => {
        clearTimeout(timer);
        timer = setTimeout(() => failWith({ kind: 'timeout', timeoutMs: req.timeoutMs }), req.timeoutMs);
      };
      const settle = (): void => {
        clearTimeout(timer);
        clearTimeout(deadline);
      };
      const maxBytes = req.maxBytes ?? Number.POSITIVE_INFINITY;
      const tooLarge = (): void => failWith({ kind: 'budget', budget: { kind: 'size', maxBytes } });
      const broken = (error: Error): void => {
        // A header or method Node refuses is a programming error, not a network condition.
        if (errnoOf(error)?.startsWith('ERR_INVALID') === true) fail(error);
        else failWith({ kind: 'network', errno: errnoOf(error) }, error);
      };
      outgoing.once('socket', (socket) => {
        if (!socket.connecting) return;
        const connecting = setTimeout(() => failWith({ kind: 'network', errno: CONNECT_TIMEOUT }), this.#options.connectTimeoutMs);
        socket.once('connect', () => clearTimeout(connecting)).once('close', () => clearTimeout(connecting));
      });
      outgoing.once('response', (response) => {
        if (Number(response.headers['content-length'] ?? 0) > maxBytes) {
          tooLarge();
          return;
        }
        awaitNext();
        // A body of a declared length (Node's parser delivers no more) is copied into one buffer as it
        // comes: a large answer is then never held twice, as its pieces and their concatenation.
        const declared = Number(response.headers['content-length'] ?? Number.NaN);
        const whole = Number.isSafeInteger(declared) && declared > 0 ? Buffer.allocUnsafe(declared) : undefined;
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          if (size + chunk.length > maxBytes) {
            tooLarge();
            return;
          }
          if (whole === undefined) chunks.push(chunk);
          else chunk.copy(whole, size);
          size += chunk.length;
          awaitNext();
        });
        response.once('end', () => {
          settle();
          const body = whole === undefined ? Buffer.concat(chunks, size) : whole.subarray(0, size);
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body });
        });
        response.on('error', broken);
        response.once('close', () => {
          if (!response.complete) broken(Object.assign(new Error('the connection closed before the response ended'), { code: 'ECONNRESET' }));
        });
      });
      outgoing.on('error', broken);
      awaitNext();
      outgoing.end(req.body);
    });
  }

  /** Waits for the requests in flight, then closes every connection. */
  async close(): Promise<void> {
    await Promise.allSettled([...this.#inFlight]);
    for (const agent of this.#agents.values()) agent.destroy();
    this.#agents.clear();
  }
}
