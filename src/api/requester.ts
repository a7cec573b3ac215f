import type * as z from 'zod';
import type { PageRequester, PaginateOptions } from './paginate.js';
import type { RequestOptions } from './request-options.js';

/**
 * What a resource group needs from the client: one validated call and lazy pagination. Resources
 * depend on this narrow interface, not on `ApiClient`, so the client can build them without a cycle.
 */
export interface Requester extends PageRequester {
  /** Path prefix of every call (`/v1`), so a resource's own messages name the path as sent. */
  readonly basePath: string;
  request<S extends z.ZodType>(options: RequestOptions<S> & { readonly schema: S }): Promise<z.output<S>>;
  request(options: RequestOptions<undefined>): Promise<undefined>;
  paginate<S extends z.ZodType>(options: PaginateOptions<S>): AsyncGenerator<z.output<S>, void, undefined>;
}
