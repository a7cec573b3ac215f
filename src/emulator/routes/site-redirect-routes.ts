import * as z from 'zod';
import { comparePaths } from '../../content/compare-paths.js';
import type { EmulatorContext } from '../emulator-context.js';
import { badRequest } from '../emulator-error.js';
import type { DefineRoute } from '../http/define-route.js';
import { findIn } from '../http/lookup.js';
import { pageQuery, queryBoolean } from '../http/input.js';
import { paginate } from '../http/paginate.js';
import type { SiteRecord, SiteRedirectRecord } from '../state/records.js';
import { walkPages } from '../state/revisions.js';
import { serializeSiteRedirect } from '../serializers/serialize-site-redirect.js';
import { SiteParams, readSite, writeSite } from './site-route-helpers.js';

/** `SiteRedirectSourcePath` of each document: today's adds `+` and a trailing wildcard (`/*` or `*`). */
const SOURCE = {
  seed: /^\/(?:[A-Za-z0-9\-._~]|%[0-9A-Fa-f]{2})+(?:\/(?:[A-Za-z0-9\-._~]|%[0-9A-Fa-f]{2})+)*$/,
  current: /^\/(?!\*)(?!.*\*.+)(?:[A-Za-z0-9\-._~+]|%[0-9A-Fa-f]{2})+(?:\/(?:[A-Za-z0-9\-._~+]|%[0-9A-Fa-f]{2})+)*(?:\/\*|\*)?$/,
} as const;

const Destination = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('site-section'), siteSectionId: z.string() }),
  z.object({ kind: z.literal('site-space'), siteSpaceId: z.string() }),
  z.object({ kind: z.literal('site-page'), siteSpaceId: z.string(), pageId: z.string() }),
  z.object({ kind: z.literal('external'), url: z.string() }),
  z.object({ kind: z.literal('path'), spaceId: z.string(), path: z.string() }),
]);
type DestinationInput = z.infer<typeof Destination>;

const RedirectParams = SiteParams.extend({ siteRedirectId: z.string() });
const REDIRECT_URL = '/v1/orgs/:organizationId/sites/:siteId/redirects/:siteRedirectId';
const ListQuery = pageQuery.extend({
  search: z.string().optional(),
  draft: queryBoolean.optional(),
  orderBy: z.enum(['createdAt', 'updatedAt', 'source']).optional(),
});
const Flags = { captureWildcard: z.boolean().optional(), draft: z.boolean().optional(), permanent: z.boolean().optional() };
const CreateBody = z.object({ source: z.string().max(512), destination: Destination, ...Flags });
const UpdateBody = z.object({ source: z.string().max(512).optional(), destination: Destination.optional(), ...Flags });
const BulkEntry = z.union([
  z.object({ source: z.string().max(512), intent: z.literal('publish') }).strict(),
  z.object({
    source: z.string().max(512),
    intent: z.enum(['live', 'draft']).optional(),
    captureWildcard: z.boolean().optional(),
    permanent: z.boolean().optional(),
    destination: Destination.nullable(),
  }),
]);
const BulkBody = z.object({ redirects: z.array(BulkEntry).min(1).max(500) });

/**
 * Redirects of a site. Both documents list, create, update and delete them one by one (`createSiteRedirect`
 * …); today's adds a bulk upsert by source (`PUT …/redirects`), drafts, wildcards, permanent redirects,
 * external destinations and page destinations given by path (resolved to the page's id, so the
 * redirect follows the page when it moves). Each mode takes and answers the fields of its document
 * only. Reads need `read`, writes `create`.
 */
export function siteRedirectRoutes(define: DefineRoute, ctx: EmulatorContext): void {
  const current = (): boolean => ctx.options.contract === 'current';

  define({
    method: 'GET',
    url: '/v1/orgs/:organizationId/sites/:siteId/redirects',
    params: SiteParams,
    query: ListQuery,
    handler: ({ params, query, caller }) => {
      const { site } = readSite(ctx, caller, params);
      let redirects = redirectsOf(ctx, site);
      if (current()) {
        if (query.draft !== undefined) redirects = redirects.filter((r) => r.draft === query.draft);
        if (query.search !== undefined) redirects = redirects.filter((r) => r.source.includes(query.search ?? ''));
        redirects = ordered(redirects, query.orderBy ?? 'createdAt');
      }
      return paginate(redirects, query, (r) => serializeSiteRedirect(r, ctx.options.contract));
    },
  });

  define({
    method: 'POST',
    url: '/v1/orgs/:organizationId/sites/:siteId/redirects',
    params: SiteParams,
    body: CreateBody,
    status: 201,
    handler: ({ params, body, caller }) => {
      const { site } = writeSite(ctx, caller, params, 'create redirects');
      const source = checkSource(ctx, body.source, 'source');
      const destination = resolveDestination(ctx, site, body.destination, 'destination');
      const draft = current() ? (body.draft ?? false) : false;
      if (redirectsOf(ctx, site).some((r) => r.source === source && r.draft === draft))
        throw badRequest(`Invalid body field "source": the site already has a redirect from "${source}".`);
      const redirect: SiteRedirectRecord = {
        id: ctx.state.newId('redirect'),
        site: site.id,
        source,
        destination,
        draft,
        captureWildcard: current() ? (body.captureWildcard ?? false) : false,
        permanent: current() ? (body.permanent ?? false) : false,
        createdAt: ctx.state.timestamp(),
      };
      ctx.state.siteRedirects.set(redirect.id, redirect);
      return serializeSiteRedirect(redirect, ctx.options.contract);
    },
  });

  define({
    method: 'PATCH',
    url: REDIRECT_URL,
    params: RedirectParams,
    body: UpdateBody,
    handler: ({ params, body, caller }) => {
      const { site } = writeSite(ctx, caller, params, 'update redirects');
      const redirect = findIn(ctx.state.siteRedirects, 'Site redirect', params.siteRedirectId, (r) => r.site === site.id);
      // Everything is checked before anything changes: a 400 leaves the redirect as it was.
      const source = body.source === undefined ? redirect.source : checkSource(ctx, body.source, 'source');
      if (body.destination?.kind === 'path')
        throw badRequest('Invalid body field "destination.kind": a redirect is updated with a section, site space, page or external destination.');
      const destination = body.destination === undefined ? redirect.destination : resolveDestination(ctx, site, body.destination, 'destination');
      const draft = current() ? (body.draft ?? redirect.draft) : false;
      if (redirectsOf(ctx, site).some((r) => r.id !== redirect.id && r.source === source && r.draft === draft))
        throw badRequest(`Invalid body field "source": the site already has a redirect from "${source}".`);
      Object.assign(redirect, { source, destination, draft, updatedAt: ctx.state.timestamp() });
      if (current() && body.captureWildcard !== undefined) redirect.captureWildcard = body.captureWildcard;
      if (current() && body.permanent !== undefined) redirect.permanent = body.permanent;
      return serializeSiteRedirect(redirect, ctx.options.contract);
    },
  });

  define({
    method: 'DELETE',
    url: REDIRECT_URL,
    params: RedirectParams,
    // 205 once deleted, 204 when there was no such redirect (both documented).
    status: (deleted) => (deleted ? 205 : 204),
    handler: ({ params, caller }): boolean => {
      const { site } = writeSite(ctx, caller, params, 'delete redirects');
      const redirect = ctx.state.siteRedirects.get(params.siteRedirectId);
      if (redirect === undefined || redirect.site !== site.id) return false;
      ctx.state.siteRedirects.delete(redirect.id);
      return true;
    },
  });

  define({
    method: 'PUT',
    url: '/v1/orgs/:organizationId/sites/:siteId/redirects',
    params: SiteParams,
    body: BulkBody,
    handler: ({ params, body, caller }) => {
      const { site } = writeSite(ctx, caller, params, 'update redirects');
      const sources = body.redirects.map((entry, index) => checkSource(ctx, entry.source, `redirects.${index}.source`));
      const results = body.redirects.map((entry, index) => {
        const source = sources[index] ?? entry.source;
        const existing = (draft: boolean): SiteRedirectRecord | undefined => redirectsOf(ctx, site).find((r) => r.source === source && r.draft === draft);
        if ('intent' in entry && entry.intent === 'publish') {
          const draft = existing(true);
          if (draft === undefined) return { status: 'error' as const, source, draft: true, error: `No draft redirect from "${source}" to publish.` };
          const live = existing(false);
          if (live) ctx.state.siteRedirects.delete(live.id);
          Object.assign(draft, { draft: false, updatedAt: ctx.state.timestamp() });
          return { status: 'published' as const, source, draft: false, id: draft.id };
        }
        if (!('destination' in entry)) throw new Error('unreachable: a bulk entry without intent publish has a destination');
        const draft = entry.intent === 'draft';
        const found = existing(draft);
        if (entry.destination === null) {
          if (found === undefined)
            return { status: 'error' as const, source, draft, error: `No ${draft ? 'draft' : 'live'} redirect from "${source}" to delete.` };
          ctx.state.siteRedirects.delete(found.id);
          return { status: 'deleted' as const, source, draft };
        }
        let destination: SiteRedirectRecord['destination'];
        try {
          destination = resolveDestination(ctx, site, entry.destination, `redirects.${index}.destination`);
        } catch (error) {
          return { status: 'error' as const, source, draft, error: error instanceof Error ? error.message : String(error) };
        }
        const flags = { captureWildcard: entry.captureWildcard ?? found?.captureWildcard ?? false, permanent: entry.permanent ?? found?.permanent ?? false };
        if (found) {
          Object.assign(found, { destination, ...flags, updatedAt: ctx.state.timestamp() });
          return { status: 'updated' as const, source, draft, id: found.id };
        }
        const created: SiteRedirectRecord = {
          id: ctx.state.newId('redirect'),
          site: site.id,
          source,
          destination,
          draft,
          ...flags,
          createdAt: ctx.state.timestamp(),
        };
        ctx.state.siteRedirects.set(created.id, created);
        return { status: 'created' as const, source, draft, id: created.id };
      });
      return { results };
    },
  });
}

function redirectsOf(ctx: EmulatorContext, site: SiteRecord): SiteRedirectRecord[] {
  return [...ctx.state.siteRedirects.values()].filter((r) => r.site === site.id);
}

/** Today's orders: newest created (or updated) first, or by source. Insertion order breaks ties. */
function ordered(redirects: SiteRedirectRecord[], by: 'createdAt' | 'updatedAt' | 'source'): SiteRedirectRecord[] {
  const indexed = redirects.map((r, i) => [r, i] as const);
  const key = (r: SiteRedirectRecord): string => (by === 'updatedAt' ? (r.updatedAt ?? r.createdAt) : by === 'createdAt' ? r.createdAt : r.source);
  indexed.sort(([a, i], [b, j]) => {
    const order = by === 'source' ? comparePaths(key(a), key(b)) : key(b).localeCompare(key(a));
    return order !== 0 ? order : by === 'source' ? i - j : j - i;
  });
  return indexed.map(([r]) => r);
}

function checkSource(ctx: EmulatorContext, source: string, field: string): string {
  if (!SOURCE[ctx.options.contract].test(source))
    throw badRequest(`Invalid body field "${field}": "${source}" is not a redirect source path (a path from the site's root, like /old/page).`);
  return source;
}

/** A destination of this site, checked; a path (today's API) becomes the page it names, by id. */
function resolveDestination(ctx: EmulatorContext, site: SiteRecord, input: DestinationInput, field: string): SiteRedirectRecord['destination'] {
  const { state } = ctx;
  const siteSpaceOf = (id: string): string => {
    const siteSpace = state.siteSpaces.get(id);
    if (siteSpace === undefined || siteSpace.site !== site.id)
      throw badRequest(`Invalid body field "${field}.siteSpaceId": site space "${id}" not found in this site.`);
    return siteSpace.space;
  };
  const pagesOf = (spaceId: string): Iterable<{ id: string; path: string }> => {
    const space = state.spaces.get(spaceId);
    const revision = space && state.revisions.get(space.revision);
    return revision ? walkPages(revision.pages) : [];
  };
  switch (input.kind) {
    case 'site-section':
      if (state.sections.get(input.siteSectionId)?.site !== site.id)
        throw badRequest(`Invalid body field "${field}.siteSectionId": section "${input.siteSectionId}" not found in this site.`);
      return input;
    case 'site-space':
      siteSpaceOf(input.siteSpaceId);
      return input;
    case 'site-page': {
      const space = siteSpaceOf(input.siteSpaceId);
      if (![...pagesOf(space)].some((p) => p.id === input.pageId))
        throw badRequest(`Invalid body field "${field}.pageId": page "${input.pageId}" not found in the site space's content.`);
      return input;
    }
    case 'external':
      if (ctx.options.contract !== 'current') throw badRequest(`Invalid body field "${field}.kind": use site-section, site-space or site-page.`);
      if (!/^https?:\/\//i.test(input.url)) throw badRequest(`Invalid body field "${field}.url": use an http(s) URL.`);
      return input;
    case 'path': {
      if (ctx.options.contract !== 'current') throw badRequest(`Invalid body field "${field}.kind": use site-section, site-space or site-page.`);
      const siteSpace = [...state.siteSpaces.values()].find((s) => s.site === site.id && s.space === input.spaceId);
      if (siteSpace === undefined) throw badRequest(`Invalid body field "${field}.spaceId": space "${input.spaceId}" is not published in this site.`);
      const wanted = input.path.replace(/^\/+|\/+$/g, '');
      const page = [...pagesOf(input.spaceId)].find((p) => p.path === wanted);
      if (page === undefined) throw badRequest(`Invalid body field "${field}.path": no page at "${input.path}" in space "${input.spaceId}".`);
      return { kind: 'site-page', siteSpaceId: siteSpace.id, pageId: page.id };
    }
  }
}
