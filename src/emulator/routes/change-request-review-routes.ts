import * as z from 'zod';
import type { EmulatorContext } from '../emulator-context.js';
import type { DefineRoute } from '../http/define-route.js';
import { pageQuery } from '../http/input.js';
import { paginate } from '../http/paginate.js';
import { serializeUserId } from '../serializers/serialize-user.js';
import type { ChangeRequestRecord, ReviewRecord } from '../state/records.js';
import { CrParams, findCr } from './change-request-target.js';

const BASE = '/v1/spaces/:spaceId/change-requests/:changeRequestId/reviews';

/** `comment` is accepted (a Document) but not kept: the emulator's reviews carry a verdict only. */
const SubmitReviewBodySchema = z.object({
  status: z.enum(['approved', 'changes-requested']),
  comment: z.record(z.string(), z.unknown()).optional(),
});

/** Reviews of a change request: listing needs `read`, submitting `review`. */
export function changeRequestReviewRoutes(define: DefineRoute, ctx: EmulatorContext): void {
  const serialize = (review: ReviewRecord, cr: ChangeRequestRecord) => ({
    object: 'change-request-review' as const,
    id: review.id,
    revision: review.revision,
    reviewer: serializeUserId(ctx, review.reviewer),
    ...(review.requestedBy === undefined ? {} : { requestedBy: serializeUserId(ctx, review.requestedBy) }),
    status: review.status,
    createdAt: review.createdAt,
    updatedAt: review.createdAt,
    // A later review by the same reviewer supersedes this one.
    outdated: (cr.reviews ?? []).some((other) => other.reviewer === review.reviewer && other.createdAt > review.createdAt),
    urls: { location: `${ctx.baseUrl()}/v1/spaces/${cr.space}/change-requests/${cr.id}/reviews/${review.id}` },
  });

  define({
    method: 'GET',
    url: BASE,
    params: CrParams,
    query: pageQuery.extend({ format: z.string().optional() }),
    handler: ({ params, query, caller }) => {
      const { cr } = findCr(ctx, caller, params);
      return paginate(cr.reviews ?? [], query, (review) => serialize(review, cr));
    },
  });

  define({
    method: 'POST',
    url: BASE,
    params: CrParams,
    body: SubmitReviewBodySchema,
    status: 201,
    handler: ({ params, body, caller }) => {
      const { cr } = findCr(ctx, caller, params, { needs: 'review', action: 'review change requests' });
      const requestedBy = cr.reviewers.get(caller.user.id)?.requestedBy;
      const review: ReviewRecord = {
        id: ctx.state.newId('review'),
        reviewer: caller.user.id,
        ...(requestedBy === undefined ? {} : { requestedBy }),
        revision: cr.revision,
        status: body.status,
        createdAt: ctx.state.timestamp(),
      };
      cr.reviews = [...(cr.reviews ?? []), review];
      return serialize(review, cr);
    },
  });
}
