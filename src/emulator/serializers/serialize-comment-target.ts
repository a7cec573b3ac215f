import type { EmulatorContext } from '../emulator-context.js';
import type { CommentRecord } from '../state/records.js';
import { currentRevisionOf, pageIn } from '../comments/comment-lookup.js';

/**
 * `target` of a comment. The page is read from the current content; `outdated` is true when the
 * page has gone or its text changed since the comment was posted.
 */
export function serializeCommentTarget(ctx: EmulatorContext, comment: CommentRecord) {
  const target: {
    space: string;
    changeRequest?: string;
    revision?: string;
    node?: { id: string };
    page?: { id: string; title: string; createdAt?: string; updatedAt?: string; path?: string; emoji?: string; icon?: string; outdated: boolean };
  } = { space: comment.space };
  if (comment.changeRequest !== undefined) target.changeRequest = comment.changeRequest;
  if (comment.revision !== undefined) target.revision = comment.revision;
  // The emulator keeps no document nodes, so there is no `preview` to give.
  if (comment.node !== undefined) target.node = { id: comment.node };
  if (comment.page !== undefined) {
    const now = pageIn(ctx, currentRevisionOf(ctx, comment), comment.page);
    const then = pageIn(ctx, comment.revision, comment.page);
    const page = now ?? then;
    const outdated = now === undefined || (then !== undefined && then.markdown !== now.markdown);
    target.page = page
      ? {
          id: page.id,
          title: page.title,
          ...(page.emoji === undefined ? {} : { emoji: page.emoji }),
          ...(page.icon === undefined ? {} : { icon: page.icon }),
          createdAt: page.createdAt,
          updatedAt: page.updatedAt,
          path: page.path,
          outdated,
        }
      : { id: comment.page, title: '', outdated: true };
  }
  return target;
}
