import * as z from 'zod';
import { ChangeRequestStatusSchema, CreateChangeRequestBodySchema, UpdateChangeRequestBodySchema } from '../../api/schemas/change-request.js';
import { mergeRevisions } from '../content/merge-revisions.js';
import type { EmulatorContext } from '../emulator-context.js';
import { badRequest, conflict, notFound } from '../emulator-error.js';
import type { DefineRoute } from '../http/define-route.js';
import { pageQuery, queryBoolean } from '../http/input.js';
import { findSpace } from '../http/lookup.js';
import { paginate } from '../http/paginate.js';
import { isOutdated, serializeChangeRequest } from '../serializers/serialize-change-request.js';
import type { ChangeRequestRecord, RevisionRecord, SpaceRecord } from '../state/records.js';
import { createRevision, walkPages } from '../state/revisions.js';
import { changeRequestReviewerRoutes } from './change-request-reviewer-routes.js';
import { CrParams, findCr } from './change-request-target.js';

/**
 * Change requests (`S/change-requests`, `CR`). Reads need `read`; creating, editing, merging and
 * updating need `edit`. New change requests are `draft`, as on the real service, so the list's
 * default filter (`open`) does not show them: clients pass `status` explicitly.
 * Merge and update are three-way merges at page level (content/merge-revisions.ts) between the
 * base (`revisionMergedAncestor`, else `revisionInitial`), main and the change request. When both
 * changed the same page differently they answer `result: "conflicts"` with the change request's
 * revision and change nothing: the change request stays open.
 * The list is newest first; `contributor` matches the author. A merged change request is never
 * `outdated`, and updating one that is not outdated returns its revision without making a new one.
 */

const SpaceParams = z.object({ spaceId: z.string() });

function revision(ctx: EmulatorContext, id: string): RevisionRecord {
  const found = ctx.state.revisions.get(id);
  if (!found) throw new Error(`Emulator state is inconsistent: revision ${id} is missing.`);
  return found;
}

/** Main with the change request's own edits (relative to its base) applied on top. */
function mergeWithMain(ctx: EmulatorContext, space: SpaceRecord, cr: ChangeRequestRecord) {
  const base = revision(ctx, cr.revisionMergedAncestor ?? cr.revisionInitial);
  return mergeRevisions(base, revision(ctx, space.revision), revision(ctx, cr.revision), () => ctx.state.newId('page'));
}

export function changeRequestRoutes(define: DefineRoute, ctx: EmulatorContext): void {
  define({
    method: 'GET',
    url: '/v1/spaces/:spaceId/change-requests',
    params: SpaceParams,
    query: pageQuery.extend({ status: ChangeRequestStatusSchema.default('open'), contributor: z.string().optional() }),
    handler: ({ params, query, caller }) => {
      const { space } = findSpace(ctx, caller, params.spaceId, { needs: 'read', action: 'read change requests' });
      const matching = [...ctx.state.changeRequests.values()]
        .filter((cr) => cr.space === space.id && cr.status === query.status)
        .filter((cr) => query.contributor === undefined || cr.createdBy === query.contributor)
        .sort((a, b) => b.number - a.number);
      return paginate(matching, query, (cr) => serializeChangeRequest(ctx, cr));
    },
  });

  define({
    method: 'POST',
    url: '/v1/spaces/:spaceId/change-requests',
    params: SpaceParams,
    body: CreateChangeRequestBodySchema,
    status: 201,
    handler: ({ params, body, caller }) => {
      const { space } = findSpace(ctx, caller, params.spaceId, { needs: 'edit', action: 'create change requests' });
      space.changeRequestCounter += 1;
      const now = ctx.state.timestamp();
      const cr: ChangeRequestRecord = {
        id: ctx.state.newId('cr'),
        space: space.id,
        number: space.changeRequestCounter,
        status: 'draft',
        subject: body.subject ?? '',
        createdBy: caller.user.id,
        createdAt: now,
        updatedAt: now,
        // Until something is edited the change request's content is main's revision itself.
        revision: space.revision,
        revisionInitial: space.revision,
        reviewers: new Map(),
      };
      ctx.state.changeRequests.set(cr.id, cr);
      return serializeChangeRequest(ctx, cr);
    },
  });

  define({
    method: 'GET',
    url: '/v1/spaces/:spaceId/change-requests/:changeRequestId',
    params: CrParams,
    handler: ({ params, caller }) => serializeChangeRequest(ctx, findCr(ctx, caller, params).cr),
  });

  define({
    method: 'PATCH',
    url: '/v1/spaces/:spaceId/change-requests/:changeRequestId',
    params: CrParams,
    body: UpdateChangeRequestBodySchema,
    handler: ({ params, body, caller }) => {
      const { cr } = findCr(ctx, caller, params, { needs: 'edit', action: 'edit change requests' });
      if (body.status === 'merged') {
        throw badRequest('Invalid body field "status": a change request becomes "merged" only by merging it (POST …/merge).');
      }
      if (body.status !== undefined && body.status !== cr.status && cr.status === 'merged') {
        throw conflict(`Change request ${cr.number} is merged; its status can no longer change.`);
      }
      if (body.subject !== undefined) cr.subject = body.subject;
      if (body.status !== undefined) cr.status = body.status;
      cr.updatedAt = ctx.state.timestamp();
      return serializeChangeRequest(ctx, cr);
    },
  });

  define({
    method: 'POST',
    url: '/v1/spaces/:spaceId/change-requests/:changeRequestId/merge',
    params: CrParams,
    handler: ({ params, caller }) => {
      const { space, cr } = findCr(ctx, caller, params, { needs: 'edit', action: 'merge change requests' });
      if (cr.status === 'merged') throw conflict(`Change request ${cr.number} is already merged.`);
      if (cr.status === 'archived') throw conflict(`Change request ${cr.number} is archived; reopen it before merging.`);
      const content = mergeWithMain(ctx, space, cr);
      if (content.conflicts.length > 0) return { revision: cr.revision, result: 'conflicts' as const };
      const merged = createRevision(ctx.state, space.id, content, [space.revision, cr.revision]);
      const now = ctx.state.timestamp();
      space.revision = merged.id;
      space.updatedAt = now;
      cr.revisionMerged = merged.id;
      cr.mergedBy = caller.user.id;
      cr.mergedAt = now;
      cr.status = 'merged';
      cr.updatedAt = now;
      return { revision: merged.id, result: 'merge' as const };
    },
  });

  define({
    method: 'POST',
    url: '/v1/spaces/:spaceId/change-requests/:changeRequestId/update',
    params: CrParams,
    handler: ({ params, caller }) => {
      const { space, cr } = findCr(ctx, caller, params, { needs: 'edit', action: 'update change requests' });
      if (cr.status === 'merged') throw conflict(`Change request ${cr.number} is merged; there is nothing to update.`);
      // Already up to date: no new revision, so a retried update is a no-op.
      if (!isOutdated(ctx, cr)) return { revision: cr.revision, result: 'update' as const };
      const content = mergeWithMain(ctx, space, cr);
      if (content.conflicts.length > 0) return { revision: cr.revision, result: 'conflicts' as const };
      const updated = createRevision(ctx.state, space.id, content, [cr.revision, space.revision]);
      cr.revision = updated.id;
      cr.revisionMergedAncestor = space.revision;
      cr.updatedAt = ctx.state.timestamp();
      return { revision: updated.id, result: 'update' as const };
    },
  });

  define({
    method: 'GET',
    url: '/v1/spaces/:spaceId/change-requests/:changeRequestId/pdf',
    params: CrParams,
    query: z.object({ only: queryBoolean.optional(), page: z.string().optional() }),
    handler: ({ params, query, caller }) => {
      const { space, cr } = findCr(ctx, caller, params);
      if (query.page !== undefined) {
        const pages = revision(ctx, cr.revision).pages;
        if (![...walkPages(pages)].some((page) => page.id === query.page)) throw notFound('Page', query.page);
      }
      const url = new URL(`https://pdf.emulator.test/${space.id}/${cr.id}.pdf`);
      url.searchParams.set('token', ctx.state.newSecret());
      if (query.page !== undefined) url.searchParams.set('page', query.page);
      if (query.only !== undefined) url.searchParams.set('only', String(query.only));
      return { url: url.toString() };
    },
  });

  changeRequestReviewerRoutes(define, ctx);
}
