import type { ApiClient } from '../../api/api-client.js';
import type { SiteRef } from '../../api/resources/call-options.js';
import type { BulkSiteRedirect } from '../../api/schemas/site-redirect.js';
import type { RedirectAction } from './plan-redirects.js';

/** The largest bulk upsert today's API takes. */
const BULK_MAX = 500;

/**
 * Applies the planned writes: on today's API (`bulk`) in upserts of up to 500 by source, a `null`
 * destination deleting; on the seed's one call each. Returns the sources that failed, with why
 * (a bulk answers per entry); a call that fails as a whole throws.
 */
export async function applyRedirects(
  api: Pick<ApiClient, 'siteRedirects'>,
  site: SiteRef & { readonly siteSpaceId: string },
  actions: readonly RedirectAction[],
  bulk: boolean,
  beforeWrite: () => Promise<void>,
  signal?: AbortSignal,
): Promise<Map<string, string>> {
  const failed = new Map<string, string>();
  const destination = (pageId: string) => ({ kind: 'site-page' as const, siteSpaceId: site.siteSpaceId, pageId });
  if (bulk) {
    const entries: BulkSiteRedirect[] = actions.map((a) => ({ source: a.source, destination: a.kind === 'delete' ? null : destination(a.pageId) }));
    for (let at = 0; at < entries.length; at += BULK_MAX) {
      await beforeWrite();
      const { results } = await api.siteRedirects.bulkUpsert(site, entries.slice(at, at + BULK_MAX), { signal });
      for (const result of results) if (result.status === 'error') failed.set(result.source, result.error ?? 'refused');
    }
    return failed;
  }
  for (const action of actions) {
    await beforeWrite();
    if (action.kind === 'create') await api.siteRedirects.create(site, { source: action.source, destination: destination(action.pageId) }, { signal });
    else if (action.kind === 'update') await api.siteRedirects.update(site, action.id, { destination: destination(action.pageId) }, { signal });
    else await api.siteRedirects.delete(site, action.id, { signal });
  }
  return failed;
}
