import { Agent as HttpAgent, request as httpRequest, type OutgoingHttpHeaders } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { NetworkError } from './errors/network-error.js';
import { ResponseBudgetError, type ResponseBudget } from './errors/response-budget-error.js';
import { TimeoutError } from './errors/timeout-error.js';
import type { ResponseHeaders } from './retry-after.js';

/** Options of {@link HttpTransport}. */
export interface HttpTransportOptions {
  /** Sockets per origin. Default `16`. */
  readonly connections?: number;
  /** Milliseconds to establish a connection. Default `10_000`. */
  readonly connectTimeoutMs?: number;
  /** Milliseconds an idle keep-alive socket is kept (less when the server's `Keep-Alive` asks). Default `4_000`. */
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
  /** The whole exchange, from sending to the body's end, in milliseconds. Default: no bound. */
  readonly deadlineMs?: number | undefined;
  /** Most bytes of body read; a longer body ends the exchange. Default: no bound. */
  readonly maxBytes?: number | undefined;
  readonly signal?: AbortSignal | undefined;
}

export interface TransportResponse {
  readonly status: number;
  readonly headers: ResponseHeaders;
  /** The whole body as text ('' when empty). */
  readonly text: string;
}

function errnoOf(error: unknown): string | undefined {
  if (error !== null && typeof error === 'object' && 'code' in error && typeof error.code === 'string') {
    return error.code;
  }
  return undefined;
}

/** No response headers, or no next piece of the body, within the request's `timeoutMs`. */
class ResponseTimeout extends Error {}

/** The answer broke the request's `deadlineMs` or `maxBytes`. */
class BudgetExceeded extends Error {
  constructor(readonly budget: ResponseBudget) {
    super(budget.kind);
  }
}

/** Errno of a connection that did not open within `connectTimeoutMs`: nothing was sent. */
const CONNECT_TIMEOUT = 'E_CONNECT_TIMEOUT';

/**
 * The only module that sends the API's HTTP requests, with Node's own `http` and `https`: one
 * keep-alive agent per origin, JSON in, text out. (Node's built-in client, unlike undici, loads
 * nothing and compiles no WebAssembly parser, which a one-shot command paid for at start and at
 * exit.) Failures come out as {@link NetworkError} or {@link TimeoutError}; an abort through
 * `signal` rejects with the signal's reason untouched.
 */
export class HttpTransport {
  readonly #agents = new Map<string, HttpAgent>();
  readonly #inFlight = new Set<Promise<unknown>>();
  readonly #options: Required<HttpTransportOptions>;

  constructor(options: HttpTransportOptions = {}) {
    this.#options = {
      connections: options.connections ?? 16,
      connectTimeoutMs: options.connectTimeoutMs ?? 10_000,
      keepAliveTimeoutMs: options.keepAliveTimeoutMs ?? 4_000,
    };
  }

  #agent(origin: string): HttpAgent {
    let agent = this.#agents.get(origin);
    if (agent === undefined) {
      // `timeout` closes a socket left idle that long; Node shortens it to a server's `Keep-Alive` hint.
      const options = { keepAlive: true, maxSockets: this.#options.connections, timeout: this.#options.keepAliveTimeoutMs };
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
    const body = req.body === undefined ? undefined : JSON.stringify(req.body);
    const headers: OutgoingHttpHeaders =
      body === undefined ? { ...req.headers } : { ...req.headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) };
    const exchange = this.#exchange(req, headers, body);
    this.#inFlight.add(exchange);
    try {
      return await exchange;
    } catch (error) {
      throw this.#translate(error, req);
    } finally {
      this.#inFlight.delete(exchange);
    }
  }

  #exchange(req: TransportRequest, headers: OutgoingHttpHeaders, body: string | undefined): Promise<TransportResponse> {
    return new Promise((resolve, reject) => {
      const send = req.origin.startsWith('https:') ? httpsRequest : httpRequest;
      const outgoing = send(`${req.origin}${req.path}`, { method: req.method, headers, agent: this.#agent(req.origin), signal: req.signal });
      let timer: NodeJS.Timeout | undefined;
      // The first failure settles the exchange; destroying the request may emit more errors, which are moot.
      const fail = (error: Error): void => {
        settle();
        reject(error);
        outgoing.destroy(error);
      };
      const deadline =
        req.deadlineMs === undefined
          ? undefined
          : setTimeout(() => fail(new BudgetExceeded({ kind: 'deadline', deadlineMs: req.deadlineMs ?? 0 })), req.deadlineMs);
      const awaitNext = (): void => {
        clearTimeout(timer);
        timer = setTimeout(() => fail(new ResponseTimeout()), req.timeoutMs);
      };
      const settle = (): void => {
        clearTimeout(timer);
        clearTimeout(deadline);
      };
      const maxBytes = req.maxBytes ?? Number.POSITIVE_INFINITY;
      const tooLarge = (): BudgetExceeded => new BudgetExceeded({ kind: 'size', maxBytes });
      outgoing.once('socket', (socket) => {
        if (!socket.connecting) return;
        const connecting = setTimeout(() => fail(Object.assign(new Error('connect timeout'), { code: CONNECT_TIMEOUT })), this.#options.connectTimeoutMs);
        socket.once('connect', () => clearTimeout(connecting)).once('close', () => clearTimeout(connecting));
      });
      outgoing.once('response', (response) => {
        if (Number(response.headers['content-length'] ?? 0) > maxBytes) {
          fail(tooLarge());
          return;
        }
        awaitNext();
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            fail(tooLarge());
            return;
          }
          chunks.push(chunk);
          awaitNext();
        });
        response.once('end', () => {
          settle();
          resolve({ status: response.statusCode ?? 0, headers: response.headers, text: Buffer.concat(chunks).toString('utf8') });
        });
        response.on('error', fail);
        response.once('close', () => {
          if (!response.complete) fail(Object.assign(new Error('the connection closed before the response ended'), { code: 'ECONNRESET' }));
        });
      });
      outgoing.on('error', fail);
      awaitNext();
      outgoing.end(body);
    });
  }

  #translate(error: unknown, req: TransportRequest): unknown {
    if (req.signal?.aborted === true) return req.signal.reason as unknown;
    const context = { method: req.method, path: req.logPath, cause: error };
    if (error instanceof ResponseTimeout) return new TimeoutError({ ...context, timeoutMs: req.timeoutMs });
    if (error instanceof BudgetExceeded) return new ResponseBudgetError({ ...context, budget: error.budget });
    // A header or method Node refuses is a programming error, not a network condition.
    if (errnoOf(error)?.startsWith('ERR_INVALID') === true) return error;
    return new NetworkError({ ...context, origin: req.origin, errno: errnoOf(error) });
  }

  /** Waits for the requests in flight, then closes every connection. */
  async close(): Promise<void> {
    await Promise.allSettled([...this.#inFlight]);
    for (const agent of this.#agents.values()) agent.destroy();
    this.#agents.clear();
  }
}
