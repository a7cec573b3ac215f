import type { EmulatorContext } from '../emulator-context.js';
import { notFound } from '../emulator-error.js';
import type { MemberRole } from '../roles.js';
import type { SiteRecord, SiteSpaceRecord } from '../state/records.js';
import { isDefaultSiteSpace } from '../state/site-structure.js';
import { serializeSpace } from './serialize-space.js';
import { siteSpaceBaseUrl, withShareKey, type PublishedView } from './site-urls.js';

export function serializeSiteSpace(
  ctx: EmulatorContext,
  site: SiteRecord,
  siteSpace: SiteSpaceRecord,
  role: MemberRole,
  view: PublishedView = {},
) {
  const space = ctx.state.spaces.get(siteSpace.space);
  // Site spaces only ever point at spaces that exist (spaces are never deleted through the API).
  if (!space) throw notFound('Space', siteSpace.space);
  return {
    object: 'site-space' as const,
    id: siteSpace.id,
    path: siteSpace.path,
    ...(siteSpace.section === undefined ? {} : { section: siteSpace.section }),
    space: serializeSpace(ctx, space, role),
    title: space.title,
    default: isDefaultSiteSpace(ctx.state, site, siteSpace),
    ...(siteSpace.condition === undefined ? {} : { condition: siteSpace.condition }),
    hasAdvancedCustomizationFeature: false,
    urls: { published: withShareKey(siteSpaceBaseUrl(ctx.state, site, siteSpace), view.shareKey) },
  };
}
