import * as z from 'zod';
import type { EmulatorContext } from '../emulator-context.js';
import { notFound } from '../emulator-error.js';
import type { Caller } from '../http/caller.js';
import { queryBoolean } from '../http/input.js';
import { findChangeRequest, findSpace, type Access } from '../http/lookup.js';
import type { MemberRole } from '../roles.js';
import { APP_ORIGIN } from '../serializers/serialize-space.js';
import type { ChangeRequestRecord, RevisionRecord, SpaceRecord } from '../state/records.js';

/** Content operations exist under both prefixes: `S` (main content) and `CR` (a change request's). */
export const CONTENT_PREFIXES = [
  { kind: 'space', url: '/v1/spaces/:spaceId' },
  { kind: 'change-request', url: '/v1/spaces/:spaceId/change-requests/:changeRequestId' },
] as const;

/**
 * Where content is read: the space's current revision and a change request's under `…/content`,
 * and any revision of the space by id under `S/revisions/{revisionId}`.
 */
export const CONTENT_READ_BASES = [
  `${CONTENT_PREFIXES[0].url}/content`,
  `${CONTENT_PREFIXES[1].url}/content`,
  '/v1/spaces/:spaceId/revisions/:revisionId',
] as const;

export const ContentParams = z.object({ spaceId: z.string(), changeRequestId: z.string().optional(), revisionId: z.string().optional() });
export type ContentParams = z.infer<typeof ContentParams>;

/** Query `metadata` and `computed` (both default true) of the operations the API marks M. */
export const MetadataQuery = z.object({ metadata: queryBoolean.optional(), computed: queryBoolean.optional() });

export interface ContentTarget {
  space: SpaceRecord;
  role: MemberRole;
  changeRequest?: ChangeRequestRecord;
  revision: RevisionRecord;
  /** App URL of this content, pages hang below it. */
  appBase: string;
}

/** The space or change request a content route addresses, and its current revision. */
export function findContent(
  ctx: EmulatorContext,
  caller: Caller,
  params: ContentParams,
  access: Access = { needs: 'read', action: 'read this content' },
): ContentTarget {
  const { space, role } = findSpace(ctx, caller, params.spaceId, access);
  const changeRequest = params.changeRequestId === undefined ? undefined : findChangeRequest(ctx, space, params.changeRequestId);
  if (params.revisionId !== undefined) {
    const revision = ctx.state.revisions.get(params.revisionId);
    if (revision?.space !== space.id) throw notFound('Revision', params.revisionId);
    return { space, role, revision, appBase: `${APP_ORIGIN}/s/${space.id}/~/revisions/${revision.id}` };
  }
  const revisionId = changeRequest?.revision ?? space.revision;
  const revision = ctx.state.revisions.get(revisionId);
  if (!revision) throw new Error(`Emulator state is inconsistent: revision ${revisionId} of space ${space.id} is missing.`);
  const appBase = changeRequest ? `${APP_ORIGIN}/s/${space.id}/~/changes/${changeRequest.number}` : `${APP_ORIGIN}/s/${space.id}`;
  return { space, role, revision, appBase, ...(changeRequest ? { changeRequest } : {}) };
}
