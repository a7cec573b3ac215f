import type { EmulatorContext } from '../emulator-context.js';
import type { CommentRecord, ReplyRecord } from '../state/records.js';
import type { MemberRole } from '../roles.js';
import { commentPermissions } from '../permissions.js';
import { commentLocation } from '../comments/comment-location.js';
import { serializeUserId } from './serialize-user.js';
import { serializeReactions } from './serialize-reactions.js';

export function serializeCommentReply(ctx: EmulatorContext, reply: ReplyRecord, comment: CommentRecord, role: MemberRole, viewer: string) {
  return {
    object: 'comment-reply' as const,
    id: reply.id,
    postedBy: serializeUserId(ctx, reply.postedBy),
    postedAt: reply.postedAt,
    ...(reply.editedAt === undefined ? {} : { editedAt: reply.editedAt }),
    reactions: serializeReactions(ctx, reply.reactions),
    body: { markdown: reply.markdown },
    urls: { location: `${commentLocation(ctx, comment)}/replies/${reply.id}` },
    permissions: commentPermissions(role, reply.postedBy === viewer),
  };
}
