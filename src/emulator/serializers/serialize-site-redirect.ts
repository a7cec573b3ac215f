import type { ContractName } from '../../api/contracts/api-contract.js';
import type { SiteRedirectRecord } from '../state/records.js';

/** A `SiteRedirect` as each document lists it: the seed's has no flags nor dates. */
export function serializeSiteRedirect(redirect: SiteRedirectRecord, contract: ContractName) {
  const base = { object: 'site-redirect' as const, id: redirect.id, source: redirect.source, destination: redirect.destination };
  if (contract === 'seed') return base;
  return {
    ...base,
    draft: redirect.draft,
    captureWildcard: redirect.captureWildcard,
    permanent: redirect.permanent,
    createdAt: redirect.createdAt,
    ...(redirect.updatedAt === undefined ? {} : { updatedAt: redirect.updatedAt }),
  };
}
