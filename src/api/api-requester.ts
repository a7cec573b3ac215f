import { inspect } from 'node:util';
import type * as z from 'zod';
import { normalizeEndpoint, DEFAULT_ENDPOINT } from './api-config.js';
import type { ApiLogger } from '../logging/api-logger.js';
import { systemClock, type Clock } from './clock.js';
import { ApiConfigError } from './errors/api-config-error.js';
import { ApiError } from './errors/api-error.js';
import { NotTheApiError } from './errors/not-the-api-error.js';
import { EndpointRedirectsError } from './errors/endpoint-redirects-error.js';
import { errorForStatus } from './errors/error-for-status.js';
import { describeSent } from './describe-sent.js';
import { ResponseShapeError } from './errors/response-shape-error.js';
import { HttpTransport, type TransportResponse } from '../http/http-transport.js';
import { TransportError } from '../http/errors/transport-error.js';
import { apiErrorOfTransport } from './api-error-of-transport.js';
import { paginate, type PaginateOptions } from './paginate.js';
import { RateBudget, type RateBudgetOptions } from './rate-budget.js';
import type { Query, RequestOptions } from './request-options.js';
import type { Requester } from './requester.js';
import { headerValue, MAX_PLAUSIBLE_WAIT_MS, parseRetryAfter, waitFromHeaders, waitHeaderOf } from './retry-after.js';
import { RetryPolicy, type RetryPolicyOptions } from './retry-policy.js';
import { ApiErrorBodySchema, OtherErrorBodySchema, type ApiErrorBody } from './schemas/common.js';
import { REDACTED, SecretRedactor } from '../logging/redact-secrets.js';

/** Options of {@link ApiRequester}, and so of `ApiClient`. */
export interface ApiClientOptions {
  /** API host (`https://api.gitbook.com`), with or without a trailing `/v1`. Default `https://api.gitbook.com`. */
  readonly endpoint?: string;
  /** Bearer token. Without one every call fails with `AuthenticationError`. */
  readonly token?: string | undefined;
  /** Per-attempt limit for the response headers and for each gap while reading the body. Default `30_000` ms. */
  readonly timeoutMs?: number;
  /** Per-attempt limit for the whole exchange, body included, however steadily it trickles. Default `120_000` ms. */
  readonly deadlineMs?: number;
  /** Largest response body read; a larger one fails the call with `ResponseBudgetError`. Default 64 MiB. */
  readonly maxResponseBytes?: number;
  /** Retry settings, or a ready policy. Defaults: see {@link RetryPolicyOptions}. */
  readonly retry?: RetryPolicyOptions | RetryPolicy;
  /** Client-side rate budget settings, or a budget shared with other clients of the same token. */
  readonly rateBudget?: RateBudgetOptions | RateBudget;
  /**
   * Receives one debug line per attempt and per retry; never headers. A retry is handled, expected
   * work (a 429 waited out, a 5xx tried again): callers count it through {@link onRetry}.
   */
  readonly logger?: ApiLogger | undefined;
  /** Called once per attempt with its status, or `'error'` when no response came (metrics). */
  readonly onResponse?: ((method: string, status: number | 'error') => void) | undefined;
  /** Called before each retry with the failed attempt's status (`undefined` without a response), for run summaries. */
  readonly onRetry?: ((status: number | undefined) => void) | undefined;
  /** `User-Agent` header. Default `docsync`. */
  readonly userAgent?: string;
  /** Sockets per origin. Default `16`. */
  readonly connections?: number;
  /** Time source and sleep, for tests. Default: the real clock. */
  readonly clock?: Clock;
}

/** Default of {@link ApiClientOptions.deadlineMs}: `api.deadline`. */
export const DEFAULT_DEADLINE_MS = 120_000;

/** Default of {@link ApiClientOptions.maxResponseBytes}: `api.maxResponseBytes`, far above any page of a list. */
export const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1_048_576;

/** Deepest nesting of objects and arrays read in an answer: a page tree 250 levels deep fits. */
export const MAX_JSON_DEPTH = 512;

/** Whether parsed JSON nests objects and arrays more than `limit` deep, found without recursion. */
function nestedDeeperThan(value: unknown, limit: number): boolean {
  let level: unknown[] = [value];
  for (let depth = 0; level.length > 0; depth++) {
    if (depth > limit) return true;
    const next: unknown[] = [];
    for (const item of level)
      if (item !== null && typeof item === 'object') for (const child of Object.values(item)) if (child !== null && typeof child === 'object') next.push(child);
    level = next;
  }
  return false;
}

function searchOf(query: Query | undefined): string {
  if (query === undefined) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value as readonly string[]) params.append(key, item);
    else params.append(key, String(value));
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/**
 * The core of the API client: bearer auth, zod-validated responses, typed errors, pagination,
 * retries and a client-side rate budget, with no resource group. `ApiClient` adds them all; a
 * command that needs one group builds it on a requester and loads no other group's schemas.
 *
 * The token lives in a private field and never shows in logs, errors, `util.inspect` or JSON.
 */
export class ApiRequester implements Requester {
  /** `https://host/v1`, no trailing slash. */
  readonly baseUrl: string;
  readonly timeoutMs: number;
  readonly deadlineMs: number;
  readonly maxResponseBytes: number;
  readonly retryPolicy: RetryPolicy;
  readonly rateBudget: RateBudget;

  readonly #token: string | undefined;
  /** Cuts the token and signed URLs (a bundle URL the API echoes) out of error messages. */
  readonly #redactor: SecretRedactor;
  readonly #origin: string;
  readonly #basePath: string;
  readonly #userAgent: string;
  readonly #logger: ApiLogger | undefined;
  readonly #onResponse: ApiClientOptions['onResponse'];
  readonly #onRetry: ApiClientOptions['onRetry'];
  readonly #clock: Clock;
  readonly #transport: HttpTransport;

  constructor(options: ApiClientOptions = {}) {
    this.baseUrl = normalizeEndpoint(options.endpoint ?? DEFAULT_ENDPOINT);
    const base = new URL(this.baseUrl);
    this.#origin = base.origin;
    this.#basePath = base.pathname;
    const token = options.token?.trim();
    if (token !== undefined && token !== '' && /[\s\p{Cc}]/u.test(token)) {
      throw new ApiConfigError('The API token contains whitespace or control characters: check DOCSYNC_TOKEN (or GITBOOK_TOKEN).');
    }
    this.#token = token === '' ? undefined : token;
    this.#redactor = new SecretRedactor([this.#token]);
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.deadlineMs = options.deadlineMs ?? DEFAULT_DEADLINE_MS;
    this.maxResponseBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
    this.#userAgent = options.userAgent ?? 'docsync';
    this.#logger = options.logger;
    this.#onResponse = options.onResponse;
    this.#onRetry = options.onRetry;
    this.#clock = options.clock ?? systemClock;
    this.retryPolicy = options.retry instanceof RetryPolicy ? options.retry : new RetryPolicy(options.retry);
    this.rateBudget = options.rateBudget instanceof RateBudget ? options.rateBudget : new RateBudget({ clock: this.#clock, ...options.rateBudget });
    this.#transport = new HttpTransport({
      connections: options.connections ?? 16,
      connectTimeoutMs: Math.min(this.timeoutMs, 10_000),
    });
  }

  /** Whether a token was configured (the token itself is never exposed). */
  get hasToken(): boolean {
    return this.#token !== undefined;
  }

  /** Path prefix of every call (`/v1`). */
  get basePath(): string {
    return this.#basePath;
  }

  /**
   * Sends one call (retrying per the {@link RetryPolicy}, paced by the {@link RateBudget}) and returns
   * the body validated by `schema`. Without a schema (deletions: 204/205) it resolves to `undefined`.
   * @throws {ApiError} a subclass per failure; the caller's abort reason when `signal` aborts.
   */
  request<S extends z.ZodType>(options: RequestOptions<S> & { readonly schema: S }): Promise<z.output<S>>;
  request(options: RequestOptions<undefined>): Promise<undefined>;
  async request(options: RequestOptions): Promise<unknown> {
    const method = options.method ?? 'GET';
    if (!options.path.startsWith('/')) throw new TypeError(`API path must start with "/": ${options.path}`);
    const logPath = this.#basePath + options.path;
    const fullPath = logPath + searchOf(options.query);
    const timeoutMs = options.timeoutMs ?? this.timeoutMs;
    const headers: Record<string, string> = { accept: 'application/json', 'user-agent': this.#userAgent };
    if (this.#token !== undefined) headers.authorization = `Bearer ${this.#token}`;
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);

    for (let attempt = 1; ; attempt++) {
      const budget = this.rateBudget.acquire(options.signal);
      const waitedMs = typeof budget === 'number' ? budget : await budget;
      if (waitedMs > 0) this.#logger?.debug({ method, path: logPath, waitedMs, ...this.rateBudget.state }, 'api rate budget: waited');
      const started = this.#clock.now();
      try {
        const response = await this.#transport
          .request({
            origin: this.#origin,
            method,
            path: fullPath,
            headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
            body,
            timeoutMs,
            deadlineMs: Math.max(this.deadlineMs, timeoutMs),
            maxBytes: this.maxResponseBytes,
            signal: options.signal,
          })
          .catch((error: unknown) => {
            throw error instanceof TransportError ? apiErrorOfTransport(error, { method, path: logPath, origin: this.#origin }) : error;
          });
        this.rateBudget.observe(response.headers);
        this.#onResponse?.(method, response.status);
        this.#logger?.debug({ method, path: logPath, status: response.status, durationMs: this.#clock.now() - started, attempt }, 'api call');
        return this.#read(response, method, logPath, options);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        if (error.status === undefined) this.#onResponse?.(method, 'error');
        this.#scrub(error);
        const decision = this.retryPolicy.decide({ method, idempotent: options.idempotent, error, attempt });
        if (!decision.retry) {
          this.#logger?.debug(
            { method, path: logPath, status: error.status, code: error.code, attempt, durationMs: this.#clock.now() - started, reason: decision.reason },
            'api call failed',
          );
          throw error;
        }
        this.#logger?.debug(
          { method, path: logPath, status: error.status, code: error.code, attempt, delayMs: decision.delayMs, reason: decision.reason },
          'api call failed, retrying',
        );
        this.#onRetry?.(error.status);
        await this.#clock.sleep(decision.delayMs, options.signal);
      }
    }
  }

  /** Every item of a list endpoint, fetched lazily page by page. See {@link paginate}. */
  paginate<S extends z.ZodType>(options: PaginateOptions<S>): AsyncGenerator<z.output<S>, void, undefined> {
    return paginate(this, options);
  }

  /** Every item of a list endpoint, collected into an array. */
  async list<S extends z.ZodType>(options: PaginateOptions<S>): Promise<z.output<S>[]> {
    const items: z.output<S>[] = [];
    for await (const item of this.paginate(options)) items.push(item);
    return items;
  }

  /** Closes the connection pools. Calls in flight finish first. */
  async close(): Promise<void> {
    await this.#transport.close();
  }

  #read(response: TransportResponse, method: string, path: string, options: RequestOptions): unknown {
    const { status } = response;
    const { schema, parseBody } = options;
    if (status >= 200 && status < 300) {
      if (schema === undefined) return undefined;
      let data: unknown;
      if (status !== 204 && status !== 205 && response.body.length > 0) {
        try {
          data = parseBody === undefined ? JSON.parse(response.body.toString('utf8')) : parseBody(response.body);
        } catch (cause) {
          throw new ResponseShapeError({ method, path, status, cause });
        }
      }
      // Validation recurses: a body nested deeper than any answer of the API would overflow the stack.
      if (nestedDeeperThan(data, MAX_JSON_DEPTH)) {
        throw new ResponseShapeError({ method, path, status, detail: `the body is nested more than ${MAX_JSON_DEPTH} levels deep` });
      }
      const result = schema.safeParse(data);
      if (!result.success) {
        throw new ResponseShapeError({ method, path, status, issues: result.error.issues, input: data, cause: result.error });
      }
      return result.data;
    }
    const text = response.body.toString('utf8');
    const now = this.#clock.now();
    const body = this.#errorBody(text, status);
    if (status === 404 && body === undefined && text.trim() !== '') throw new NotTheApiError({ method, path, status });
    if (status >= 300 && status < 400) throw new EndpointRedirectsError({ method, path, status }, printableLocation(headerValue(response.headers, 'location')));
    const waitMs = status === 429 ? waitFromHeaders(response.headers, now) : undefined;
    throw errorForStatus({
      status,
      method,
      path,
      body,
      ...(status === 400 ? { sent: describeSent(options.body) } : {}),
      ...(waitMs !== undefined && waitMs > MAX_PLAUSIBLE_WAIT_MS ? { implausibleWait: waitHeaderOf(response.headers, now) } : {}),
      retryAfterMs: status === 429 ? waitMs : status >= 500 ? parseRetryAfter(headerValue(response.headers, 'retry-after'), now) : undefined,
    });
  }

  /** The API's error body, or one of another shape carrying a message (read as if sent with `status`). */
  #errorBody(text: string, status: number): ApiErrorBody | undefined {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return undefined;
    }
    const parsed = ApiErrorBodySchema.safeParse(json);
    const other = parsed.success ? undefined : OtherErrorBodySchema.safeParse(json);
    const error = parsed.success ? parsed.data.error : other?.success ? { code: status, message: other.data } : undefined;
    return error === undefined ? undefined : { error: { ...error, message: this.#redactor.text(error.message) } };
  }

  /** Last line of defence: no error message may carry the token or a signed URL, whatever echoed it. */
  #scrub(error: ApiError): void {
    error.message = this.#redactor.text(error.message);
    if (error.stack !== undefined) error.stack = this.#redactor.text(error.stack);
  }

  toJSON(): Record<string, unknown> {
    return { baseUrl: this.baseUrl, token: this.#token === undefined ? undefined : REDACTED, timeoutMs: this.timeoutMs };
  }

  [inspect.custom](): string {
    return `ApiClient ${inspect(this.toJSON())}`;
  }
}

/** A server's `Location`, cut to a line's length with its control characters escaped: never printed raw. */
function printableLocation(location: string | undefined): string | undefined {
  if (location === undefined || location === '') return undefined;
  // eslint-disable-next-line no-control-regex -- control characters are what it escapes
  const escaped = location.slice(0, 300).replace(/[\u0000-\u001f\u007f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return location.length > 300 ? `${escaped}…` : escaped;
}
