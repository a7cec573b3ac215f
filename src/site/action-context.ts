import type { ApiClient } from '../api/api-client.js';
import type { ContractName } from '../api/contracts/api-contract.js';
import type { SiteRef } from '../api/resources/call-options.js';
import type { ObjectRef } from './site-action.js';
import type { SiteIdentities } from './site-identities.js';

/** What one action's executor gets: the client, the site, and ids resolved so far. */
export interface ActionContext {
  api: ApiClient;
  site: SiteRef;
  ids: SiteIdentities;
  signal: AbortSignal | undefined;
  resolve(ref: ObjectRef): string;
  /** The API's published contract, asked once per apply and only when an action depends on it. */
  contract(): Promise<ContractName>;
}
