import * as z from 'zod';

/**
 * Where a redirect of a site leads. docsync writes page destinations (`site-page`: a page id of a
 * site space, so the redirect follows the page wherever it moves); other kinds are parsed by kind only.
 */
export const SiteRedirectDestinationSchema = z.union([
  z.looseObject({ kind: z.literal('site-page'), siteSpaceId: z.string(), pageId: z.string() }),
  z.looseObject({ kind: z.string() }),
]);

/** A redirect of a site (`SiteRedirect` in both documents): only what docsync compares. */
export const SiteRedirectSchema = z.looseObject({
  id: z.string(),
  source: z.string(),
  /** Today's API: a draft redirect is not live; docsync leaves drafts alone. */
  draft: z.boolean().optional(),
  destination: SiteRedirectDestinationSchema,
});
export type SiteRedirect = z.infer<typeof SiteRedirectSchema>;

/** A page destination, as docsync sends it. */
export interface SitePageDestination {
  readonly kind: 'site-page';
  readonly siteSpaceId: string;
  readonly pageId: string;
}

export interface CreateSiteRedirectBody {
  readonly source: string;
  readonly destination: SitePageDestination;
}

/** One entry of today's bulk upsert: a `null` destination deletes the live redirect of that source. */
export interface BulkSiteRedirect {
  readonly source: string;
  readonly destination: SitePageDestination | null;
}

/** The bulk upsert's answer: one result per entry, `error` naming what failed. */
export const BulkSiteRedirectsResultSchema = z.looseObject({
  results: z.array(z.looseObject({ status: z.string(), source: z.string(), error: z.string().optional() })),
});
export type BulkSiteRedirectsResult = z.infer<typeof BulkSiteRedirectsResultSchema>;
