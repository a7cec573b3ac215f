import * as z from 'zod';
import type { EmulatorContext } from '../emulator-context.js';
import { notFound } from '../emulator-error.js';
import type { DefineRoute } from '../http/define-route.js';
import { findSpace } from '../http/lookup.js';
import { serializeChangeRequest } from '../serializers/serialize-change-request.js';
import type { RevisionRecord } from '../state/records.js';
import { ChangesQuery, revisionOf, semanticChangesBody } from './semantic-changes-body.js';

const RevisionParams = z.object({ spaceId: z.string(), revisionId: z.string() });

/**
 * `GET /spaces/{spaceId}/revisions/{revisionId}/changes` (getRevisionSemanticChanges, role `read`):
 * what the revision changed against its parent, and `mergedFrom`, the change request whose merge
 * made it. A first revision has no parent: everything in it was created.
 */
export function revisionChangesRoute(define: DefineRoute, ctx: EmulatorContext): void {
  define({
    method: 'GET',
    url: '/v1/spaces/:spaceId/revisions/:revisionId/changes',
    params: RevisionParams,
    query: ChangesQuery,
    handler: ({ params, query, caller }) => {
      const { space } = findSpace(ctx, caller, params.spaceId, { needs: 'read', action: 'read this content' });
      const head = ctx.state.revisions.get(params.revisionId);
      if (head?.space !== space.id) throw notFound('Revision', params.revisionId);
      const parent = head.parents[0];
      const base: RevisionRecord = parent === undefined ? { ...head, parents: [], pages: [], files: [] } : revisionOf(ctx, parent);
      const merged = [...ctx.state.changeRequests.values()].find((cr) => cr.space === space.id && cr.revisionMerged === head.id);
      return { ...semanticChangesBody(ctx, base, head, query.limit), ...(merged === undefined ? {} : { mergedFrom: serializeChangeRequest(ctx, merged) }) };
    },
  });
}
