import type { EmulatorContext } from '../emulator-context.js';
import type { CommentRecord } from '../state/records.js';
import type { MemberRole } from '../roles.js';
import { commentPermissions } from '../permissions.js';
import { commentLocation } from '../comments/comment-location.js';
import { serializeUserId } from './serialize-user.js';
import { serializeReactions } from './serialize-reactions.js';
import { serializeCommentTarget } from './serialize-comment-target.js';

/** A comment as `viewer` (with `role` in the space's organization) sees it. */
export function serializeComment(ctx: EmulatorContext, comment: CommentRecord, role: MemberRole, viewer: string) {
  let replies = 0;
  for (const reply of ctx.state.replies.values()) if (reply.comment === comment.id) replies += 1;
  return {
    object: 'comment' as const,
    id: comment.id,
    postedBy: serializeUserId(ctx, comment.postedBy),
    postedAt: comment.postedAt,
    ...(comment.editedAt === undefined ? {} : { editedAt: comment.editedAt }),
    reactions: serializeReactions(ctx, comment.reactions),
    replies,
    repliers: repliersOf(ctx, comment),
    body: { markdown: comment.markdown },
    target: serializeCommentTarget(ctx, comment),
    urls: { location: commentLocation(ctx, comment) },
    permissions: commentPermissions(role, comment.postedBy === viewer),
    // `resolved` is the seed's name; `open` is ours for the other state, whose name is not shown.
    status: comment.resolvedAt === undefined ? 'open' : 'resolved',
    ...(comment.resolvedAt === undefined ? {} : { resolvedAt: comment.resolvedAt }),
    ...(comment.resolvedBy === undefined ? {} : { resolvedBy: serializeUserId(ctx, comment.resolvedBy) }),
  };
}

/** Who replied, once each, with how many replies and when last. */
function repliersOf(ctx: EmulatorContext, comment: CommentRecord) {
  const byUser = new Map<string, { count: number; updatedAt: string }>();
  for (const reply of ctx.state.replies.values()) {
    if (reply.comment !== comment.id) continue;
    const seen = byUser.get(reply.postedBy);
    const at = reply.editedAt ?? reply.postedAt;
    byUser.set(reply.postedBy, { count: (seen?.count ?? 0) + 1, updatedAt: seen !== undefined && seen.updatedAt > at ? seen.updatedAt : at });
  }
  return [...byUser].map(([user, { count, updatedAt }]) => ({ user: serializeUserId(ctx, user), count, updatedAt }));
}
