import type { EmulatorContext } from '../emulator-context.js';
import type { CommentRecord } from '../state/records.js';

/** API URL of a comment: under the space, or under its change request. */
export function commentLocation(ctx: EmulatorContext, comment: CommentRecord): string {
  const space = `${ctx.baseUrl()}/v1/spaces/${comment.space}`;
  return comment.changeRequest === undefined ? `${space}/comments/${comment.id}` : `${space}/change-requests/${comment.changeRequest}/comments/${comment.id}`;
}
