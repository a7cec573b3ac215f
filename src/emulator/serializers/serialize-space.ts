import type { EmulatorContext } from '../emulator-context.js';
import type { SpaceRecord } from '../state/records.js';
import type { MemberRole } from '../roles.js';
import { spacePermissions } from '../permissions.js';

export const APP_ORIGIN = 'https://app.emulator.test';

export function serializeSpace(ctx: EmulatorContext, space: SpaceRecord, role: MemberRole) {
  const current = ctx.options.contract === 'current';
  let changeRequests = 0;
  let open = 0;
  let draft = 0;
  for (const cr of ctx.state.changeRequests.values()) {
    if (cr.space !== space.id) continue;
    changeRequests += 1;
    if (cr.status === 'open') open += 1;
    if (cr.status === 'draft') draft += 1;
  }
  let comments = 0;
  for (const comment of ctx.state.comments.values()) if (comment.space === space.id) comments += 1;
  return {
    object: 'space' as const,
    id: space.id,
    // The seed requires `type` without declaring its values (`document` is the only kind the emulator
    // has); today's API sends it only for a style guide, and merge rules instead.
    ...(current ? { mergeRules: { type: 'inherit' as const } } : { type: 'document' }),
    title: space.title,
    // Required too: an empty string for a space without one.
    emoji: space.emoji ?? '',
    visibility: space.visibility,
    createdAt: space.createdAt,
    updatedAt: space.updatedAt,
    editMode: space.editMode ?? 'live',
    urls: {
      location: `${ctx.baseUrl()}/v1/spaces/${space.id}`,
      app: `${APP_ORIGIN}/s/${space.id}`,
      published: `https://docs.emulator.test/${space.id}`,
      public: `https://docs.emulator.test/${space.id}`,
    },
    organization: space.organization,
    ...(space.parent === undefined ? {} : { parent: space.parent }),
    revision: space.revision,
    // null: guests get no access by default.
    defaultLevel: space.defaultLevel,
    comments,
    changeRequests,
    changeRequestsOpen: open,
    changeRequestsDraft: draft,
    permissions: spacePermissions(role),
  };
}
