import type * as z from 'zod';
import { ResponseShapeError } from './errors/response-shape-error.js';
import type { Query, RequestOptions } from './request-options.js';
import { listEnvelope } from './schemas/common.js';

/** Items per page when the caller does not say. */
export const DEFAULT_PAGE_LIMIT = 100;
/** The API's bound on `limit`. */
export const MAX_PAGE_LIMIT = 1000;

/** What {@link paginate} needs from a client: one validated request. */
export interface PageRequester {
  request<S extends z.ZodType>(options: RequestOptions<S> & { readonly schema: S }): Promise<z.output<S>>;
}

export interface PaginateOptions<S extends z.ZodType> {
  readonly path: string;
  readonly query?: Query;
  /** Schema of one item; each page is checked against `listEnvelope(itemSchema)`. */
  readonly itemSchema: S;
  /** Items per page, 1 to 1000. Default 100. */
  readonly limit?: number | undefined;
  readonly signal?: AbortSignal | undefined;
}

/** Checks a `limit` against the API's bounds; throws a `RangeError` naming it. */
export function pageLimit(limit: number | undefined): number {
  const value = limit ?? DEFAULT_PAGE_LIMIT;
  if (!Number.isInteger(value) || value < 1 || value > MAX_PAGE_LIMIT) {
    throw new RangeError(`limit must be an integer from 1 to ${MAX_PAGE_LIMIT}, got ${value}`);
  }
  return value;
}

/**
 * Yields every item of a list endpoint, fetching page after page by following `next.page` until a
 * page comes without it. Pages are fetched lazily, one at a time, as the caller iterates.
 */
export async function* paginate<S extends z.ZodType>(client: PageRequester, options: PaginateOptions<S>): AsyncGenerator<z.output<S>, void, undefined> {
  const limit = pageLimit(options.limit);
  const schema = listEnvelope(options.itemSchema);
  const seen = new Set<string>();
  let page: string | undefined;
  do {
    const envelope = await client.request({
      method: 'GET',
      path: options.path,
      query: { ...options.query, limit, page },
      schema,
      signal: options.signal,
    });
    for (const item of envelope.items) yield item;
    page = envelope.next?.page;
    if (page !== undefined) {
      if (seen.has(page)) {
        throw new ResponseShapeError({
          method: 'GET',
          path: options.path,
          issues: [{ code: 'custom', path: ['next', 'page'], message: `repeats an earlier page token`, input: page }],
        });
      }
      seen.add(page);
    }
  } while (page !== undefined);
}
