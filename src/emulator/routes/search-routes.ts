import * as z from 'zod';
import { searchPages } from '../content/search-pages.js';
import type { EmulatorContext } from '../emulator-context.js';
import type { DefineRoute } from '../http/define-route.js';
import { pageQuery } from '../http/input.js';
import { findOrganization, findSpace } from '../http/lookup.js';
import { paginate } from '../http/paginate.js';
import { serializeSearchResult } from '../serializers/serialize-search-result.js';

/** `query` is required (an empty one matches nothing useful) and at most 512 characters. */
const SearchQuery = pageQuery.extend({
  query: z.string().min(1, { message: 'is required' }).max(512, { message: 'must be at most 512 characters' }),
});

/**
 * Search of the current content: `S/search` (role `read` on the space) lists matching pages;
 * `O/search` (role `read` in the organization) groups them by space, spaces without a match left out.
 * Matching is a case-insensitive substring of a page's title or markdown.
 */
export function searchRoutes(define: DefineRoute, ctx: EmulatorContext): void {
  define({
    method: 'GET',
    url: '/v1/spaces/:spaceId/search',
    params: z.object({ spaceId: z.string() }),
    query: SearchQuery,
    handler: ({ params, query, caller }) => {
      const { space } = findSpace(ctx, caller, params.spaceId, { needs: 'read', action: 'search this space' });
      const hits = searchPages(currentPages(ctx, space.revision), query.query);
      return paginate(hits, query, (hit) => serializeSearchResult(space.id, hit, hits.indexOf(hit) + 1));
    },
  });

  define({
    method: 'GET',
    url: '/v1/orgs/:organizationId/search',
    params: z.object({ organizationId: z.string() }),
    query: SearchQuery,
    handler: ({ params, query, caller }) => {
      findOrganization(ctx, caller, params.organizationId, {
        needs: 'read',
        action: 'search the organization',
      });
      const results = [...ctx.state.spaces.values()]
        .filter((space) => space.organization === params.organizationId)
        .map((space) => ({ space, hits: searchPages(currentPages(ctx, space.revision), query.query) }))
        .filter(({ hits }) => hits.length > 0);
      // Ranks run across all results, so a later page of the list goes on counting.
      let before = 0;
      const ranked = results.map((result) => ({ ...result, first: (before += result.hits.length) - result.hits.length + 1 }));
      return paginate(ranked, query, ({ space, hits, first }) => ({
        type: 'space' as const,
        id: space.id,
        title: space.title,
        score: Math.max(...hits.map((hit) => hit.score)),
        pages: hits.map((hit, i) => serializeSearchResult(space.id, hit, first + i)),
      }));
    },
  });
}

function currentPages(ctx: EmulatorContext, revisionId: string) {
  return ctx.state.revisions.get(revisionId)?.pages ?? [];
}
