import { apiPath } from '../api-path.js';
import type { SiteRef } from './call-options.js';

/** `/orgs/{orgId}/sites/{siteId}`, encoded. */
export function sitePath(site: SiteRef): string {
  return apiPath`/orgs/${site.orgId}/sites/${site.siteId}`;
}
