import type { EmulatorContext } from '../emulator-context.js';
import type { DefineRoute } from '../http/define-route.js';
import { CrParams, findCr } from './change-request-target.js';
import { ChangesQuery, revisionOf, semanticChangesBody } from './semantic-changes-body.js';

/**
 * `GET …/change-requests/{id}/changes` (role `read`): what the change request changes against the
 * revision it branched from (or last took main from), as revision semantic changes.
 */
export function changeRequestChangesRoute(define: DefineRoute, ctx: EmulatorContext): void {
  define({
    method: 'GET',
    url: '/v1/spaces/:spaceId/change-requests/:changeRequestId/changes',
    params: CrParams,
    query: ChangesQuery,
    handler: ({ params, query, caller }) => {
      const { cr } = findCr(ctx, caller, params);
      const base = revisionOf(ctx, cr.revisionMergedAncestor ?? cr.revisionInitial);
      return semanticChangesBody(ctx, base, revisionOf(ctx, cr.revision), query.limit);
    },
  });
}
