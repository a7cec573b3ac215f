import type * as z from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Query values; `undefined` and `null` are left out, arrays repeat the key, booleans are `true`/`false`. */
export type QueryValue = string | number | boolean | readonly string[] | null | undefined;
export type Query = Readonly<Record<string, QueryValue>>;

/** One API call. */
export interface RequestOptions<S extends z.ZodType | undefined = z.ZodType | undefined> {
  /** Default `GET`. */
  readonly method?: HttpMethod;
  /** Path under the base URL, starting with `/` (e.g. `/orgs/abc`; `/v1` is added). Build it with `apiPath`. */
  readonly path: string;
  readonly query?: Query;
  /** Sent as JSON. */
  readonly body?: unknown;
  /** Validates a 2xx body. Without one the body is ignored and the call resolves to `undefined`. */
  readonly schema?: S;
  /** Reads a 2xx body in place of `JSON.parse` (a large answer in pieces); `schema` checks what it returns. */
  readonly parseBody?: ((body: Buffer) => unknown) | undefined;
  readonly signal?: AbortSignal | undefined;
  /**
   * Whether the call may be sent twice without harm; decides retries after 5xx, resets and timeouts.
   * Default: true for GET, PUT, PATCH, DELETE; false for POST.
   */
  readonly idempotent?: boolean;
  /** Overrides the client's `timeoutMs` for this call. */
  readonly timeoutMs?: number;
}

/** Options shared by list calls. */
export interface ListOptions {
  /** Items per page, 1 to 1000. Default 100. */
  readonly limit?: number;
  readonly signal?: AbortSignal | undefined;
}
