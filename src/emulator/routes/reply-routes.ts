import { CreateReplyBodySchema, UpdateReplyBodySchema } from '../../api/schemas/comment.js';
import type { EmulatorContext } from '../emulator-context.js';
import { forbidden } from '../emulator-error.js';
import type { DefineRoute } from '../http/define-route.js';
import { pageQuery } from '../http/input.js';
import { paginate } from '../http/paginate.js';
import { commentPermissions } from '../permissions.js';
import type { ReplyRecord } from '../state/records.js';
import { serializeCommentReply } from '../serializers/serialize-comment-reply.js';
import {
  CHANGE_REQUEST_PREFIX,
  COMMENT,
  CommentParams,
  FormatQuery,
  READ,
  ReplyParams,
  SPACE_PREFIX,
  assertAuthor,
  findComment,
  findCommentScope,
  findReply,
  sortByPostedAt,
} from '../comments/comment-lookup.js';
import { applyReactionChanges } from '../comments/reactions.js';

/**
 * Replies to comments, as the official document has them: under `S` list, create, read, update and
 * delete; under `CR` list, create and read (no update or delete, so those answer 404).
 * Roles as for comments: `read` to read, `comment` to reply and react, the author alone edits the
 * body, the author or an admin deletes.
 */
export function replyRoutes(define: DefineRoute, ctx: EmulatorContext): void {
  defineList(define, ctx, SPACE_PREFIX);
  defineCreate(define, ctx, SPACE_PREFIX);
  defineGet(define, ctx, SPACE_PREFIX);
  defineUpdate(define, ctx, SPACE_PREFIX);
  defineDelete(define, ctx, SPACE_PREFIX);

  defineList(define, ctx, CHANGE_REQUEST_PREFIX);
  defineCreate(define, ctx, CHANGE_REQUEST_PREFIX);
  defineGet(define, ctx, CHANGE_REQUEST_PREFIX);
}

function defineList(define: DefineRoute, ctx: EmulatorContext, prefix: string): void {
  define({
    method: 'GET',
    url: `${prefix}/comments/:commentId/replies`,
    params: CommentParams,
    query: pageQuery.extend(FormatQuery.shape),
    handler: ({ params, query, caller }) => {
      const scope = findCommentScope(ctx, caller, params, READ);
      const comment = findComment(ctx, scope, params.commentId);
      const replies = [...ctx.state.replies.values()].filter((r) => r.comment === comment.id);
      // A thread reads top to bottom: oldest reply first.
      return paginate(sortByPostedAt(replies, 'asc'), query, (r) => serializeCommentReply(ctx, r, comment, scope.role, caller.user.id));
    },
  });
}

function defineCreate(define: DefineRoute, ctx: EmulatorContext, prefix: string): void {
  define({
    method: 'POST',
    url: `${prefix}/comments/:commentId/replies`,
    params: CommentParams,
    query: FormatQuery,
    body: CreateReplyBodySchema,
    handler: ({ params, body, caller }) => {
      const scope = findCommentScope(ctx, caller, params, { needs: 'comment', action: 'reply to comments' });
      const comment = findComment(ctx, scope, params.commentId);
      const reply: ReplyRecord = {
        id: ctx.state.newId('reply'),
        comment: comment.id,
        postedBy: caller.user.id,
        postedAt: ctx.state.timestamp(),
        markdown: body.body.markdown,
        reactions: [],
      };
      ctx.state.replies.set(reply.id, reply);
      return serializeCommentReply(ctx, reply, comment, scope.role, caller.user.id);
    },
  });
}

function defineGet(define: DefineRoute, ctx: EmulatorContext, prefix: string): void {
  define({
    method: 'GET',
    url: `${prefix}/comments/:commentId/replies/:commentReplyId`,
    params: ReplyParams,
    query: FormatQuery,
    handler: ({ params, caller }) => {
      const scope = findCommentScope(ctx, caller, params, READ);
      const comment = findComment(ctx, scope, params.commentId);
      const reply = findReply(ctx, comment, params.commentReplyId);
      return serializeCommentReply(ctx, reply, comment, scope.role, caller.user.id);
    },
  });
}

function defineUpdate(define: DefineRoute, ctx: EmulatorContext, prefix: string): void {
  define({
    method: 'PUT',
    url: `${prefix}/comments/:commentId/replies/:commentReplyId`,
    params: ReplyParams,
    body: UpdateReplyBodySchema,
    handler: ({ params, body, caller }) => {
      const scope = findCommentScope(ctx, caller, params, COMMENT);
      const comment = findComment(ctx, scope, params.commentId);
      const reply = findReply(ctx, comment, params.commentReplyId);
      const now = ctx.state.timestamp();
      if (body.body !== undefined) {
        assertAuthor(reply, caller, 'reply');
        reply.markdown = body.body.markdown;
        reply.editedAt = now;
      }
      reply.reactions = applyReactionChanges(reply.reactions, caller.user.id, body, now);
      return serializeCommentReply(ctx, reply, comment, scope.role, caller.user.id);
    },
  });
}

function defineDelete(define: DefineRoute, ctx: EmulatorContext, prefix: string): void {
  define({
    method: 'DELETE',
    url: `${prefix}/comments/:commentId/replies/:commentReplyId`,
    params: ReplyParams,
    status: 205,
    handler: ({ params, caller }) => {
      const scope = findCommentScope(ctx, caller, params, { needs: 'comment', action: 'delete replies' });
      const comment = findComment(ctx, scope, params.commentId);
      const reply = findReply(ctx, comment, params.commentReplyId);
      if (!commentPermissions(scope.role, reply.postedBy === caller.user.id).delete) {
        throw forbidden('Only the author of a reply or an admin may delete it.');
      }
      ctx.state.replies.delete(reply.id);
    },
  });
}
