import type { ApiClient } from '../../api/api-client.js';

/** The site a space is published in, its site space there, and that site space's path (the prefix of every source). */
export interface PublishedSite {
  readonly orgId: string;
  readonly siteId: string;
  readonly siteSpaceId: string;
  readonly prefix: string;
}

/**
 * The first site of the space's organization that publishes it (listed with the `space` filter), and
 * the space's site space there. Undefined when no site publishes it; `others` counts further sites,
 * whose redirects docsync leaves alone.
 */
export async function findPublishedSite(
  api: Pick<ApiClient, 'sites' | 'siteSpaces'>,
  orgId: string,
  spaceId: string,
  signal?: AbortSignal,
): Promise<{ site: PublishedSite | undefined; others: number }> {
  const sites = await api.sites.list(orgId, { space: spaceId, signal }).all();
  for (const [index, site] of sites.entries()) {
    const ref = { orgId, siteId: site.id };
    for await (const siteSpace of api.siteSpaces.list(ref, { signal })) {
      if (siteSpace.space.id === spaceId) return { site: { ...ref, siteSpaceId: siteSpace.id, prefix: siteSpace.path }, others: sites.length - index - 1 };
    }
  }
  return { site: undefined, others: 0 };
}
