import * as z from 'zod';
import { RequestReviewersBodySchema } from '../../api/schemas/change-request.js';
import type { EmulatorContext } from '../emulator-context.js';
import { badRequest, notFound } from '../emulator-error.js';
import type { DefineRoute } from '../http/define-route.js';
import { pageQuery } from '../http/input.js';
import { paginate } from '../http/paginate.js';
import { serializeRequestedReviewer } from '../serializers/serialize-requested-reviewer.js';
import { memberKey } from '../state/emulator-state.js';
import { CrParams, findCr } from './change-request-target.js';

const BASE = '/v1/spaces/:spaceId/change-requests/:changeRequestId/requested-reviewers';

/** Requested reviewers of a change request: reading needs `read`, requesting and withdrawing `edit`. */
export function changeRequestReviewerRoutes(define: DefineRoute, ctx: EmulatorContext): void {
  define({
    method: 'GET',
    url: BASE,
    params: CrParams,
    query: pageQuery,
    handler: ({ params, query, caller }) => {
      const { cr } = findCr(ctx, caller, params);
      return paginate([...cr.reviewers], query, ([userId, request]) => serializeRequestedReviewer(ctx, userId, request));
    },
  });

  define({
    method: 'POST',
    url: BASE,
    params: CrParams,
    body: RequestReviewersBodySchema,
    handler: ({ params, body, caller }) => {
      const { space, cr } = findCr(ctx, caller, params, { needs: 'edit', action: 'request reviewers' });
      // All checked before any is added, so a bad id changes nothing.
      for (const userId of body.users) {
        if (!ctx.state.users.has(userId) || !ctx.state.members.has(memberKey(space.organization, userId))) {
          throw badRequest(`Invalid body field "users": "${userId}" is not a member of the organization.`);
        }
      }
      const now = ctx.state.timestamp();
      for (const userId of body.users) {
        // Asking again keeps the original request.
        if (!cr.reviewers.has(userId)) {
          cr.reviewers.set(userId, { requestedBy: caller.user.id, createdAt: now, revision: cr.revision });
        }
      }
      if (body.subject !== undefined) cr.subject = body.subject;
      cr.updatedAt = now;
      return {
        users: [...new Set(body.users)].flatMap((userId) => {
          const request = cr.reviewers.get(userId);
          return request ? [serializeRequestedReviewer(ctx, userId, request)] : [];
        }),
      };
    },
  });

  define({
    method: 'DELETE',
    url: `${BASE}/:userId`,
    params: CrParams.extend({ userId: z.string() }),
    status: 205,
    handler: ({ params, caller }) => {
      const { cr } = findCr(ctx, caller, params, { needs: 'edit', action: 'remove requested reviewers' });
      if (!cr.reviewers.delete(params.userId)) throw notFound('Requested reviewer', params.userId);
      cr.updatedAt = ctx.state.timestamp();
    },
  });
}
