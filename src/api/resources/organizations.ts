import type { Requester } from '../requester.js';
import { paged, type Paged } from '../paged.js';
import { OrganizationSchema, type Organization } from '../schemas/organization.js';
import type { ListOptions } from './call-options.js';

/** Organizations the token's user belongs to (`/v1/orgs`, `O`). */
export class OrganizationsApi {
  readonly #client: Requester;

  constructor(client: Requester) {
    this.#client = client;
  }

  list(options: ListOptions = {}): Paged<Organization> {
    return paged(() => this.#client.paginate({ path: '/orgs', itemSchema: OrganizationSchema, limit: options.limit, signal: options.signal }));
  }
}
