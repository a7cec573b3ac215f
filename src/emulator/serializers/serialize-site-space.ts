import type { EmulatorContext } from '../emulator-context.js';
import { notFound } from '../emulator-error.js';
import type { MemberRole } from '../roles.js';
import type { SiteRecord, SiteSpaceRecord } from '../state/records.js';
import { SiteLayout } from '../state/site-layout.js';
import { serializeSpace } from './serialize-space.js';
import { siteSpaceBaseUrl, withShareKey, type PublishedView } from './site-urls.js';

export function serializeSiteSpace(
  ctx: EmulatorContext,
  site: SiteRecord,
  siteSpace: SiteSpaceRecord,
  role: MemberRole,
  view: PublishedView = {},
  layout: SiteLayout = new SiteLayout(ctx.state, site),
) {
  const space = ctx.state.spaces.get(siteSpace.space);
  // Site spaces only ever point at spaces that exist (spaces are never deleted through the API).
  if (!space) throw notFound('Space', siteSpace.space);
  return {
    object: 'site-space' as const,
    id: siteSpace.id,
    path: siteSpace.path,
    ...(siteSpace.section === undefined ? {} : { section: siteSpace.section }),
    space: spaceOnce(layout, () => serializeSpace(ctx, space, role), space.id),
    title: space.title,
    default: layout.isDefaultSiteSpace(siteSpace),
    ...(ctx.options.contract === 'current' ? { draft: false } : {}),
    ...(siteSpace.condition === undefined ? {} : { condition: siteSpace.condition }),
    hasAdvancedCustomizationFeature: false,
    urls: {
      location: `${ctx.baseUrl()}/v1/orgs/${site.organization}/sites/${site.id}/site-spaces/${siteSpace.id}`,
      published: withShareKey(
        siteSpaceBaseUrl(layout, site, siteSpace, siteSpace.section === undefined ? undefined : ctx.state.sections.get(siteSpace.section)),
        view.shareKey,
      ),
    },
  };
}

/** A space published by many site spaces is serialized once per layout (one answer, one role). */
const spaces = new WeakMap<SiteLayout, Map<string, ReturnType<typeof serializeSpace>>>();

function spaceOnce(layout: SiteLayout, serialize: () => ReturnType<typeof serializeSpace>, id: string): ReturnType<typeof serializeSpace> {
  let byId = spaces.get(layout);
  if (byId === undefined) {
    byId = new Map();
    spaces.set(layout, byId);
  }
  let space = byId.get(id);
  if (space === undefined) {
    space = serialize();
    byId.set(id, space);
  }
  return space;
}
