import type { Requester } from '../requester.js';
import { apiPath } from '../api-path.js';
import { paged, type Paged } from '../paged.js';
import type { Role } from '../schemas/common.js';
import { MemberSchema, type Member } from '../schemas/member.js';
import type { CallOptions, ListOptions } from './call-options.js';

/** Query of the member list. */
export interface ListMembersOptions extends ListOptions {
  readonly role?: Role;
  /** Matches display name and e-mail. */
  readonly search?: string;
  /** Default `joinedAt`; `lastSeenAt` lists only active members. */
  readonly sort?: string;
  readonly order?: string;
}

/** Members of an organization (`O/members`). */
export class MembersApi {
  readonly #client: Requester;

  constructor(client: Requester) {
    this.#client = client;
  }

  list(orgId: string, options: ListMembersOptions = {}): Paged<Member> {
    return paged(() =>
      this.#client.paginate({
        path: apiPath`/orgs/${orgId}/members`,
        query: { role: options.role, search: options.search, sort: options.sort, order: options.order },
        itemSchema: MemberSchema,
        limit: options.limit,
        signal: options.signal,
      }),
    );
  }

  get(orgId: string, userId: string, options: CallOptions = {}): Promise<Member> {
    return this.#client.request({ path: apiPath`/orgs/${orgId}/members/${userId}`, schema: MemberSchema, signal: options.signal });
  }
}
