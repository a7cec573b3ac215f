import * as z from 'zod';
import { CreateCommentBodySchema, UpdateCommentBodySchema } from '../../api/schemas/comment.js';
import type { EmulatorContext } from '../emulator-context.js';
import { badRequest, forbidden } from '../emulator-error.js';
import type { DefineRoute } from '../http/define-route.js';
import { pageQuery, queryStringList } from '../http/input.js';
import { paginate } from '../http/paginate.js';
import { commentPermissions } from '../permissions.js';
import type { CommentRecord } from '../state/records.js';
import { serializeComment } from '../serializers/serialize-comment.js';
import {
  CHANGE_REQUEST_PREFIX,
  COMMENT,
  CommentParams,
  FormatQuery,
  READ,
  SPACE_PREFIX,
  ScopeParams,
  assertAuthor,
  findComment,
  findCommentScope,
  pageIn,
  scopeRevision,
  sortByPostedAt,
} from '../comments/comment-lookup.js';
import { applyReactionChanges } from '../comments/reactions.js';
import { replyRoutes } from './reply-routes.js';

/**
 * Comments of a space (`S/comments`) and of a change request (`CR/comments`): the same operations
 * under two prefixes, each seeing only its own thread. Replies are in reply-routes.ts.
 *
 * Roles: reading needs `read`; posting, resolving/reopening and reacting need `comment`; editing
 * the body is the author's alone; deleting is the author's or an admin's (403 otherwise).
 */

const ListQuery = pageQuery.extend({
  order: z.enum(['desc', 'asc']).default('desc'),
  status: z.enum(['all', 'open', 'resolved']).default('all'),
  format: FormatQuery.shape.format,
  targetPage: z.string().optional(),
  authors: queryStringList.optional(),
});

export function commentRoutes(define: DefineRoute, ctx: EmulatorContext): void {
  for (const prefix of [SPACE_PREFIX, CHANGE_REQUEST_PREFIX]) commentOperations(define, ctx, prefix);
  replyRoutes(define, ctx);
}

function commentOperations(define: DefineRoute, ctx: EmulatorContext, prefix: string): void {
  define({
    method: 'GET',
    url: `${prefix}/comments`,
    params: ScopeParams,
    query: ListQuery,
    handler: ({ params, query, caller }) => {
      const scope = findCommentScope(ctx, caller, params, READ);
      const authors = query.authors === undefined ? undefined : new Set(query.authors);
      const matching = [...ctx.state.comments.values()].filter(
        (c) =>
          c.space === scope.space.id &&
          c.changeRequest === scope.changeRequest?.id &&
          (query.status === 'all' || (query.status === 'resolved') === (c.resolvedAt !== undefined)) &&
          (query.targetPage === undefined || c.page === query.targetPage) &&
          (authors === undefined || authors.has(c.postedBy)),
      );
      return paginate(sortByPostedAt(matching, query.order), query, (c) => serializeComment(ctx, c, scope.role, caller.user.id));
    },
  });

  define({
    method: 'POST',
    url: `${prefix}/comments`,
    params: ScopeParams,
    body: CreateCommentBodySchema,
    handler: ({ params, body, caller }) => {
      const scope = findCommentScope(ctx, caller, params, COMMENT);
      const revision = scopeRevision(scope);
      if (body.page !== undefined && !pageIn(ctx, revision, body.page)) {
        throw badRequest(`Invalid body field "page": no page "${body.page}" in the content this comment targets.`);
      }
      const comment: CommentRecord = {
        id: ctx.state.newId('comment'),
        space: scope.space.id,
        revision,
        postedBy: caller.user.id,
        postedAt: ctx.state.timestamp(),
        markdown: body.body.markdown,
        reactions: [],
      };
      if (scope.changeRequest) comment.changeRequest = scope.changeRequest.id;
      if (body.page !== undefined) comment.page = body.page;
      if (body.node !== undefined) comment.node = body.node;
      ctx.state.comments.set(comment.id, comment);
      return serializeComment(ctx, comment, scope.role, caller.user.id);
    },
  });

  define({
    method: 'GET',
    url: `${prefix}/comments/:commentId`,
    params: CommentParams,
    query: FormatQuery,
    handler: ({ params, caller }) => {
      const scope = findCommentScope(ctx, caller, params, READ);
      return serializeComment(ctx, findComment(ctx, scope, params.commentId), scope.role, caller.user.id);
    },
  });

  define({
    method: 'PUT',
    url: `${prefix}/comments/:commentId`,
    params: CommentParams,
    body: UpdateCommentBodySchema,
    handler: ({ params, body, caller }) => {
      const scope = findCommentScope(ctx, caller, params, COMMENT);
      const comment = findComment(ctx, scope, params.commentId);
      const now = ctx.state.timestamp();
      if (body.body !== undefined) {
        assertAuthor(comment, caller, 'comment');
        comment.markdown = body.body.markdown;
        comment.editedAt = now;
      }
      if (body.resolved === true && comment.resolvedAt === undefined) {
        comment.resolvedAt = now;
        comment.resolvedBy = caller.user.id;
      } else if (body.resolved === false) {
        delete comment.resolvedAt;
        delete comment.resolvedBy;
      }
      comment.reactions = applyReactionChanges(comment.reactions, caller.user.id, body, now);
      return serializeComment(ctx, comment, scope.role, caller.user.id);
    },
  });

  define({
    method: 'DELETE',
    url: `${prefix}/comments/:commentId`,
    params: CommentParams,
    status: 205,
    handler: ({ params, caller }) => {
      const scope = findCommentScope(ctx, caller, params, { needs: 'comment', action: 'delete comments' });
      const comment = findComment(ctx, scope, params.commentId);
      if (!commentPermissions(scope.role, comment.postedBy === caller.user.id).delete) {
        throw forbidden('Only the author of a comment or an admin may delete it.');
      }
      ctx.state.comments.delete(comment.id);
      for (const [id, reply] of ctx.state.replies) if (reply.comment === comment.id) ctx.state.replies.delete(id);
    },
  });
}
