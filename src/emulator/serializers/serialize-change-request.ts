import type { EmulatorContext } from '../emulator-context.js';
import type { ChangeRequestRecord } from '../state/records.js';
import { APP_ORIGIN } from './serialize-space.js';
import { serializeUserId } from './serialize-user.js';

/** Behind main when main moved since the change request was created or last updated from it. */
export function isOutdated(ctx: EmulatorContext, cr: ChangeRequestRecord): boolean {
  if (cr.status === 'merged') return false;
  const space = ctx.state.spaces.get(cr.space);
  return space !== undefined && space.revision !== (cr.revisionMergedAncestor ?? cr.revisionInitial);
}

export function serializeChangeRequest(ctx: EmulatorContext, cr: ChangeRequestRecord) {
  let comments = 0;
  for (const comment of ctx.state.comments.values()) {
    if (comment.changeRequest === cr.id && comment.resolvedAt === undefined) comments += 1;
  }
  return {
    object: 'change-request' as const,
    id: cr.id,
    number: cr.number,
    space: cr.space,
    status: cr.status,
    // Required by the official schema: empty for a change request created without one.
    subject: cr.subject,
    createdBy: serializeUserId(ctx, cr.createdBy),
    createdAt: cr.createdAt,
    updatedAt: cr.updatedAt,
    revision: cr.revision,
    revisionInitial: cr.revisionInitial,
    ...(cr.revisionMergedAncestor === undefined ? {} : { revisionMergedAncestor: cr.revisionMergedAncestor }),
    ...(cr.revisionMerged === undefined ? {} : { revisionMerged: cr.revisionMerged }),
    // Today's API names who merged it; the seed's document has no such field.
    ...(ctx.options.contract === 'current' && cr.mergedBy !== undefined && cr.mergedAt !== undefined
      ? { mergedBy: serializeUserId(ctx, cr.mergedBy), mergedAt: cr.mergedAt }
      : {}),
    comments,
    outdated: isOutdated(ctx, cr),
    urls: {
      app: `${APP_ORIGIN}/s/${cr.space}/~/changes/${cr.number}`,
      location: `${ctx.baseUrl()}/v1/spaces/${cr.space}/change-requests/${cr.id}`,
    },
  };
}
