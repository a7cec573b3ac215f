import { SiteFields } from '../../api/schemas/site.js';

/**
 * The manifest's `site.title` is one the API cannot hold. gitbook-docs.yaml allows any non-empty
 * title, so the manifest loads (the plan notes it); apply stops here, before any write.
 */
export class SiteTitleError extends Error {
  override readonly name = 'SiteTitleError';
  readonly code = 'E_SITE_TITLE';
  readonly field = 'site.title';

  constructor(readonly title: string) {
    super(
      `${siteTitleProblem(title) ?? 'site.title is one the API cannot hold'}: change site.title in the site manifest and apply again (nothing was written)`,
    );
  }
}

/** Why the API cannot hold `title`, or undefined when it can. */
export function siteTitleProblem(title: string): string | undefined {
  if (SiteFields.title.safeParse(title).success) return undefined;
  const { minLength, maxLength } = SiteFields.title;
  return `site.title is ${title.length} character(s) long; the API takes a site title of ${minLength ?? 0} to ${maxLength ?? '∞'}`;
}
