import type { EmulatorContext } from '../emulator-context.js';
import type { MemberRole } from '../roles.js';
import { sitePermissions } from '../permissions.js';
import type { SiteRecord } from '../state/records.js';
import { APP_ORIGIN } from './serialize-space.js';
import { defaultSectionOf, defaultSiteSpaceIn } from '../state/site-structure.js';
import { siteBaseUrl, withShareKey, type PublishedView } from './site-urls.js';

/** A site as a caller with `role` in its organization sees it. */
export function serializeSite(ctx: EmulatorContext, site: SiteRecord, role: MemberRole, view: PublishedView = {}) {
  const current = ctx.options.contract === 'current';
  let siteSpaces = 0;
  for (const siteSpace of ctx.state.siteSpaces.values()) if (siteSpace.site === site.id) siteSpaces += 1;
  const published = siteBaseUrl(site);
  return {
    object: 'site' as const,
    id: site.id,
    type: site.type,
    // Plans are not emulated: the applied type is the site's own.
    ...(current ? { appliedType: site.type, defaultLevel: 'inherit' as const, permissions: sitePermissions(role) } : {}),
    title: site.title,
    ...(site.hostname === undefined ? {} : { hostname: site.hostname }),
    ...(site.basename === undefined ? {} : { basename: site.basename }),
    // The stored proxy is `host/path`: visitors come in there and are served the published site.
    ...(site.proxy === undefined ? {} : { proxy: { origin: site.proxy, target: published } }),
    visibility: site.visibility,
    published: site.published,
    siteSpaces,
    createdAt: site.createdAt,
    adaptiveContent: { enabled: site.adaptiveContent },
    // Today's API no longer has `agentsContext`.
    ...(current ? {} : { agentsContext: site.agentsContext }),
    // Required by the official schema without a declared type: the space a visitor lands on.
    defaultSpace: defaultSiteSpaceIn(ctx.state, site, defaultSectionOf(ctx.state, site))?.space ?? null,
    // Plans and their features are not emulated.
    features: [],
    urls: {
      location: `${ctx.baseUrl()}/v1/orgs/${site.organization}/sites/${site.id}`,
      app: `${APP_ORIGIN}/o/${site.organization}/sites/${site.id}`,
      published: withShareKey(published, view.shareKey),
      ...(current ? { preview: `${APP_ORIGIN}/o/${site.organization}/sites/${site.id}/preview` } : {}),
    },
  };
}
