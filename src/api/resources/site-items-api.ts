import type * as z from 'zod';
import type { Requester } from '../requester.js';
import { apiPath } from '../api-path.js';
import { paged, type Paged } from '../paged.js';
import type { Query } from '../request-options.js';
import type { CallOptions, ListOptions, SiteRef } from './call-options.js';
import { sitePath } from './site-path.js';

/**
 * One kind of a site's items (`SITE/{kind}`): created, updated and deleted the same way for every
 * kind. Creating is not retried once it may have reached the server (the API's POST default).
 */
export class SiteItemsApi<T, C, U> {
  protected readonly client: Requester;
  readonly #kind: string;
  readonly #schema: z.ZodType<T>;

  constructor(client: Requester, kind: string, schema: z.ZodType<T>) {
    this.client = client;
    this.#kind = kind;
    this.#schema = schema;
  }

  protected itemsPath(site: SiteRef): string {
    return `${sitePath(site)}/${this.#kind}`;
  }

  protected itemPath(site: SiteRef, id: string): string {
    return `${this.itemsPath(site)}${apiPath`/${id}`}`;
  }

  /** Only the kinds the API lists expose a `list`. */
  protected listItems(site: SiteRef, options: ListOptions, query?: Query): Paged<T> {
    const path = this.itemsPath(site);
    return paged(() => this.client.paginate({ path, query, itemSchema: this.#schema, limit: options.limit, signal: options.signal }));
  }

  create(site: SiteRef, body: C, options: CallOptions = {}): Promise<T> {
    return this.client.request({ method: 'POST', path: this.itemsPath(site), body, schema: this.#schema, signal: options.signal });
  }

  update(site: SiteRef, id: string, body: U, options: CallOptions = {}): Promise<T> {
    return this.client.request({ method: 'PATCH', path: this.itemPath(site, id), body, schema: this.#schema, signal: options.signal });
  }

  async delete(site: SiteRef, id: string, options: CallOptions = {}): Promise<void> {
    await this.client.request({ method: 'DELETE', path: this.itemPath(site, id), signal: options.signal });
  }
}
