/** The manifest names a site (by id or title) that the API cannot show, or more than one by title. */
export class SiteLookupError extends Error {
  override readonly name = 'SiteLookupError';
  readonly code = 'E_SITE_LOOKUP';
}
