import type { ApiClient } from '../api/api-client.js';
import { API_CONTRACTS, type ContractName } from '../api/contracts/api-contract.js';

/**
 * Which published API a site is managed through, from the release the API reports (`GET /`):
 * `current` from today's document on (section groups set by PATCH, external links), `seed` before.
 * A release that is no plain version number is taken as today's.
 */
export async function siteApiContract(api: Pick<ApiClient, 'information'>, signal?: AbortSignal): Promise<ContractName> {
  const { version } = await api.information({ signal });
  return olderThan(version, API_CONTRACTS.current.version) ? 'seed' : 'current';
}

function olderThan(version: string, than: string): boolean {
  const parts = /^v?(\d+)\.(\d+)\.(\d+)/.exec(version.trim())?.slice(1, 4).map(Number);
  if (parts === undefined) return false;
  const other = than.split('.').map(Number);
  for (const [index, part] of parts.entries()) {
    if (part !== (other[index] ?? 0)) return part < (other[index] ?? 0);
  }
  return false;
}
