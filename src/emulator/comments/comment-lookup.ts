import * as z from 'zod';
import type { EmulatorContext } from '../emulator-context.js';
import { forbidden } from '../emulator-error.js';
import type { Caller } from '../http/caller.js';
import { findChangeRequest, findIn, findSpace, type Access } from '../http/lookup.js';
import type { MemberRole } from '../roles.js';
import type { ChangeRequestRecord, CommentRecord, PageRecord, ReplyRecord, SpaceRecord } from '../state/records.js';
import { walkPages } from '../state/revisions.js';

/**
 * Where a comment lives: a space, or a change request of it. Space comments and change-request
 * comments are separate threads: each is found only through its own path.
 */
export interface CommentScope {
  space: SpaceRecord;
  role: MemberRole;
  changeRequest?: ChangeRequestRecord;
}

export const SPACE_PREFIX = '/v1/spaces/:spaceId';
export const CHANGE_REQUEST_PREFIX = '/v1/spaces/:spaceId/change-requests/:changeRequestId';

/** Path parameters of both forms; `changeRequestId` is present on the `CR` routes only. */
export const ScopeParams = z.object({ spaceId: z.string(), changeRequestId: z.string().optional() });
export const CommentParams = ScopeParams.extend({ commentId: z.string() });
export const ReplyParams = CommentParams.extend({ commentReplyId: z.string() });

/** `format` picks the body form; only the markdown form is given, so both answer with markdown. */
export const FormatQuery = z.object({ format: z.enum(['markdown', 'document']).optional() });

export const READ: Access = { needs: 'read', action: 'read comments' };
export const COMMENT: Access = { needs: 'comment', action: 'post, resolve or react to comments' };

export function findCommentScope(ctx: EmulatorContext, caller: Caller, params: z.infer<typeof ScopeParams>, access: Access): CommentScope {
  const { space, role } = findSpace(ctx, caller, params.spaceId, access);
  if (params.changeRequestId === undefined) return { space, role };
  return { space, role, changeRequest: findChangeRequest(ctx, space, params.changeRequestId) };
}

export function findComment(ctx: EmulatorContext, scope: CommentScope, id: string): CommentRecord {
  return findIn(ctx.state.comments, 'Comment', id, (c) => c.space === scope.space.id && c.changeRequest === scope.changeRequest?.id);
}

export function findReply(ctx: EmulatorContext, comment: CommentRecord, id: string): ReplyRecord {
  return findIn(ctx.state.replies, 'Comment reply', id, (r) => r.comment === comment.id);
}

/** The revision a comment in this scope is posted on: the change request's, else the space's. */
export function scopeRevision(scope: CommentScope): string {
  return scope.changeRequest?.revision ?? scope.space.revision;
}

/** The content a comment's target page is read from now. */
export function currentRevisionOf(ctx: EmulatorContext, comment: CommentRecord): string | undefined {
  if (comment.changeRequest !== undefined) return ctx.state.changeRequests.get(comment.changeRequest)?.revision;
  return ctx.state.spaces.get(comment.space)?.revision;
}

export function pageIn(ctx: EmulatorContext, revisionId: string | undefined, pageId: string): PageRecord | undefined {
  const revision = revisionId === undefined ? undefined : ctx.state.revisions.get(revisionId);
  if (!revision) return undefined;
  for (const page of walkPages(revision.pages)) if (page.id === pageId) return page;
  return undefined;
}

/** Editing the body is the author's alone; reacting and resolving are open to every commenter. */
export function assertAuthor(record: { postedBy: string }, caller: Caller, what: string): void {
  if (record.postedBy !== caller.user.id) throw forbidden(`Only the author of a ${what} may edit its body.`);
}

/** Oldest or newest first; records of one millisecond keep the order they were posted in. */
export function sortByPostedAt<T extends { postedAt: string }>(items: readonly T[], order: 'asc' | 'desc'): T[] {
  const sorted = items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => a.item.postedAt.localeCompare(b.item.postedAt) || a.index - b.index)
    .map(({ item }) => item);
  return order === 'asc' ? sorted : sorted.reverse();
}
