import * as z from 'zod';
import { CreateSiteBodySchema, UpdateSiteBodySchema } from '../../api/schemas/site.js';
import type { EmulatorContext } from '../emulator-context.js';
import { notFound } from '../emulator-error.js';
import { DEFAULT_ADAPTIVE_SCHEMA } from '../fixtures/apply-fixture.js';
import type { DefineRoute } from '../http/define-route.js';
import { pageQuery, queryBoolean } from '../http/input.js';
import { findOrganization } from '../http/lookup.js';
import { paginate } from '../http/paginate.js';
import { DEFAULT_SITE_CUSTOMIZATION } from '../serializers/default-site-customization.js';
import { serializeExternalLink } from '../serializers/serialize-external-link.js';
import { serializeSection } from '../serializers/serialize-section.js';
import { serializeSectionGroup } from '../serializers/serialize-section-group.js';
import { serializeSite } from '../serializers/serialize-site.js';
import { serializeSiteSpace } from '../serializers/serialize-site-space.js';
import type { MemberRole } from '../roles.js';
import type { PublishedView } from '../serializers/site-urls.js';
import type { SiteRecord, SpaceRecord } from '../state/records.js';
import { slugify } from '../state/revisions.js';
import { createSpace } from '../state/create-space.js';
import { deleteSite } from '../state/site-structure-edits.js';
import { uniquePath } from '../state/site-structure.js';
import { SiteLayout } from '../state/site-layout.js';
import { siteAdaptiveRoutes } from './site-adaptive-routes.js';
import { SiteParams, ShareKeyQuery, bodyRef, readSite, resolveShareKey, writeSite } from './site-route-helpers.js';

const OrgParams = z.object({ organizationId: z.string() });
const SiteListQuery = pageQuery.extend({
  space: z.string().optional(),
  title: z.string().optional(),
  published: queryBoolean.optional(),
});

/** Sites: list, create, read, update, delete, the published view; the adaptive schema lives next door. */
export function siteRoutes(define: DefineRoute, ctx: EmulatorContext): void {
  define({
    method: 'GET',
    url: '/v1/orgs/:organizationId/sites',
    params: OrgParams,
    query: SiteListQuery,
    handler: ({ params, query, caller }) => {
      const { role } = findOrganization(ctx, caller, params.organizationId, { needs: 'read', action: 'list sites' });
      const title = query.title?.toLowerCase();
      const sites = [...ctx.state.sites.values()].filter(
        (site) =>
          site.organization === params.organizationId &&
          (title === undefined || site.title.toLowerCase().includes(title)) &&
          (query.published === undefined || site.published === query.published) &&
          (query.space === undefined || hasSpace(ctx, site, query.space)),
      );
      return paginate(sites, query, (site) => serializeSite(ctx, site, role));
    },
  });

  define({
    method: 'POST',
    url: '/v1/orgs/:organizationId/sites',
    params: OrgParams,
    body: CreateSiteBodySchema,
    status: 201,
    handler: ({ params, body, caller }) => {
      const { role } = findOrganization(ctx, caller, params.organizationId, { needs: 'create', action: 'create sites' });
      const organization = params.organizationId;
      // Check every named space before creating anything, so a 400 leaves no half-made site.
      const named = Array.isArray(body.spaces)
        ? body.spaces.map((id, i) => bodyRef(ctx.state.spaces, id, `spaces.${i}`, 'space in this organization', (s) => s.organization === organization))
        : [];
      const now = ctx.state.timestamp();
      const site: SiteRecord = {
        id: ctx.state.newId('site'),
        organization,
        type: body.type ?? 'basic',
        title: body.title ?? 'Untitled site',
        visibility: body.visibility ?? 'public',
        // The seed shows no way to publish, so a site is live from the start.
        published: true,
        createdAt: now,
        adaptiveContent: false,
        agentsContext: 'included',
        adaptiveSchema: { jsonSchema: structuredClone(DEFAULT_ADAPTIVE_SCHEMA), updatedAt: now },
        structureOrder: [],
      };
      ctx.state.sites.set(site.id, site);
      // A string (its values are not shown) asks for a fresh, empty space.
      const spaces = typeof body.spaces === 'string' ? [newEmptySpace(ctx, organization, site.title)] : named;
      const taken = new Set<string>();
      for (const space of spaces) {
        const path = uniquePath(slugify(space.title), taken);
        taken.add(path);
        const id = ctx.state.newId('sitesp');
        ctx.state.siteSpaces.set(id, { id, site: site.id, space: space.id, path });
        site.structureOrder.push(id);
      }
      return serializeSite(ctx, site, role);
    },
  });

  define({
    method: 'GET',
    url: '/v1/orgs/:organizationId/sites/:siteId',
    params: SiteParams,
    handler: ({ params, caller }) => {
      const { site, role } = readSite(ctx, caller, params);
      return serializeSite(ctx, site, role);
    },
  });

  define({
    method: 'PATCH',
    url: '/v1/orgs/:organizationId/sites/:siteId',
    params: SiteParams,
    body: UpdateSiteBodySchema,
    handler: ({ params, body, caller }) => {
      const { site, role } = writeSite(ctx, caller, params, 'update the site');
      // Resolve references first: a 400 must not leave the site half-updated.
      const siteSpace =
        body.defaultSiteSpace === undefined
          ? undefined
          : bodyRef(ctx.state.siteSpaces, body.defaultSiteSpace, 'defaultSiteSpace', 'site space of this site', (s) => s.site === site.id);
      const section =
        body.defaultSiteSection === undefined
          ? undefined
          : bodyRef(ctx.state.sections, body.defaultSiteSection, 'defaultSiteSection', 'section of this site', (s) => s.site === site.id);
      if (body.title !== undefined) site.title = body.title;
      if (body.visibility !== undefined) site.visibility = body.visibility;
      if (body.basename !== undefined) site.basename = body.basename;
      if (body.adaptiveContent !== undefined) site.adaptiveContent = body.adaptiveContent.enabled;
      if (body.agentsContext !== undefined) site.agentsContext = body.agentsContext;
      if (body.proxy === null) delete site.proxy;
      else if (body.proxy !== undefined) site.proxy = body.proxy;
      if (siteSpace) {
        // The site's default site space is the root default, or the default of the default section.
        const home = siteSpace.section === undefined ? undefined : ctx.state.sections.get(siteSpace.section);
        if (home) {
          home.defaultSiteSpace = siteSpace.id;
          site.defaultSection = home.id;
        } else {
          site.defaultSiteSpace = siteSpace.id;
        }
      }
      if (section) site.defaultSection = section.id;
      return serializeSite(ctx, site, role);
    },
  });

  define({
    method: 'DELETE',
    url: '/v1/orgs/:organizationId/sites/:siteId',
    params: SiteParams,
    status: 205,
    handler: ({ params, caller }) => {
      const { site } = writeSite(ctx, caller, params, 'delete the site');
      deleteSite(ctx.state, site);
    },
  });

  define({
    method: 'GET',
    url: '/v1/orgs/:organizationId/sites/:siteId/published',
    params: SiteParams,
    query: ShareKeyQuery,
    handler: ({ params, query, caller }) => {
      const { site, role } = readSite(ctx, caller, params);
      if (!site.published) throw notFound('Published site', site.id);
      // The published view is what visitors see: no key, no view, whatever the caller's role.
      const view = resolveShareKey(ctx, site, query.shareKey, false);
      const structure = siteStructure(ctx, site, role, view);
      return {
        object: 'published-content-site' as const,
        site: serializeSite(ctx, site, role, view),
        structure,
        customizations: { site: DEFAULT_SITE_CUSTOMIZATION, siteSpaces: {} },
        // Integrations are not emulated, so no site runs their scripts.
        scripts: [],
      };
    },
  });

  define({
    method: 'GET',
    url: '/v1/orgs/:organizationId/sites/:siteId/structure',
    params: SiteParams,
    query: ShareKeyQuery,
    handler: ({ params, query, caller }) => {
      const { site, role } = readSite(ctx, caller, params);
      // Members read the structure without a key; a given key must still be an active one.
      return siteStructure(ctx, site, role, resolveShareKey(ctx, site, query.shareKey, true));
    },
  });

  for (const [action, published] of [
    ['publish', true],
    ['unpublish', false],
  ] as const) {
    define({
      method: 'POST',
      url: `/v1/orgs/:organizationId/sites/:siteId/${action}`,
      params: SiteParams,
      handler: ({ params, caller }) => {
        const { site, role } = writeSite(ctx, caller, params, `${action} this site`);
        site.published = published;
        return serializeSite(ctx, site, role);
      },
    });
  }

  siteAdaptiveRoutes(define, ctx);
}

/**
 * The structure of a site in one read: section groups (with their sections) and ungrouped
 * sections in display order, then root external links, or its root site spaces when it has no sections. One pass over the
 * state's sections and site spaces builds the lookups, so the cost is linear in the site's size.
 */
function siteStructure(ctx: EmulatorContext, site: SiteRecord, role: MemberRole, view: PublishedView) {
  const layout = new SiteLayout(ctx.state, site);
  const top = layout.topLevel.filter((item) => item.kind !== 'site-space');
  if (top.length === 0) {
    return { type: 'siteSpaces' as const, structure: layout.siteSpacesOf(undefined).map((s) => serializeSiteSpace(ctx, site, s, role, view, layout)) };
  }
  const items = top.map((item) =>
    item.kind === 'group' ? serializeSectionGroup(ctx, site, item.record, role, view, layout) : serializeSection(ctx, site, item.record, role, view, layout),
  );
  // Today's API: external links at the root follow the sections and groups.
  return { type: 'sections' as const, structure: [...items, ...layout.externalLinksOf(undefined).map(serializeExternalLink)] };
}

function hasSpace(ctx: EmulatorContext, site: SiteRecord, spaceId: string): boolean {
  for (const siteSpace of ctx.state.siteSpaces.values()) if (siteSpace.site === site.id && siteSpace.space === spaceId) return true;
  return false;
}

function newEmptySpace(ctx: EmulatorContext, organization: string, title: string): SpaceRecord {
  return createSpace(ctx.state, organization, { title });
}
