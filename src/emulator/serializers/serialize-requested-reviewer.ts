import type { EmulatorContext } from '../emulator-context.js';
import type { ChangeRequestRecord } from '../state/records.js';
import { serializeUserId } from './serialize-user.js';

type ReviewRequest = ChangeRequestRecord['reviewers'] extends Map<string, infer V> ? V : never;

export function serializeRequestedReviewer(ctx: EmulatorContext, userId: string, request: ReviewRequest) {
  return {
    object: 'change-request-requested-reviewer' as const,
    revision: request.revision,
    requestedBy: serializeUserId(ctx, request.requestedBy),
    createdAt: request.createdAt,
    kind: 'user',
    user: serializeUserId(ctx, userId),
  };
}
