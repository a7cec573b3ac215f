import * as z from 'zod';
import { applyContentBatch, type PageOutcome } from '../content/apply-content-batch.js';
import { ContentBatchBodySchema } from '../content/content-batch-body.js';
import { loadBatchFiles } from '../content/load-batch-files.js';
import type { EmulatorContext } from '../emulator-context.js';
import { conflict } from '../emulator-error.js';
import type { Caller } from '../http/caller.js';
import type { DefineRoute } from '../http/define-route.js';
import { queryBoolean } from '../http/input.js';
import { serializeChangeRequest } from '../serializers/serialize-change-request.js';
import { serializeFile } from '../serializers/serialize-file.js';
import type { RevisionRecord } from '../state/records.js';
import { createRevision } from '../state/revisions.js';
import { CrParams, findCr } from './change-request-target.js';
import { fileDownloadBase } from './file-download-route.js';

const ACCESS = { needs: 'edit', action: 'edit change requests' } as const;

/**
 * `POST CR/content` (`updateChangeRequestContent`, today's API): an ordered batch of up to 50 page
 * and file changes applied atomically as one new revision of the change request (see
 * content/apply-content-batch.ts). Role `edit`, as the other change-request writes; a merged or
 * archived change request is a 409. Files given by URL are fetched first, so the batch applies in
 * one step on the change request as it is then. `compat=false` answers the change request with the
 * affected pages and `insertedFiles`; the default answers the change request alone.
 */
export function changeRequestContentRoute(define: DefineRoute, ctx: EmulatorContext): void {
  define({
    method: 'POST',
    url: '/v1/spaces/:spaceId/change-requests/:changeRequestId/content',
    params: CrParams,
    query: z.object({ compat: queryBoolean.optional() }),
    body: ContentBatchBodySchema,
    handler: async ({ params, query, body, caller }) => {
      writable(ctx, caller, params);
      const loaded = await loadBatchFiles(body.changes, ctx.options.importLimit);
      // Looked up again: the fetches awaited, and the change request may have moved on meanwhile.
      const { space, cr } = writable(ctx, caller, params);
      const revisionOf = (id: string): RevisionRecord | undefined => {
        const found = ctx.state.revisions.get(id);
        return found?.space === space.id ? found : undefined;
      };
      const current = revisionOf(cr.revision);
      const base = revisionOf(cr.revisionMergedAncestor ?? cr.revisionInitial);
      if (current === undefined || base === undefined) throw new Error(`Emulator state is inconsistent: a revision of change request ${cr.id} is missing.`);
      const result = applyContentBatch(ctx.state, { current, base, revisionOf }, body.changes, loaded);
      const revision = createRevision(ctx.state, space.id, { pages: result.pages, files: result.files }, [current.id]);
      cr.revision = revision.id;
      cr.updatedAt = ctx.state.timestamp();
      ctx.stats.recordContentBatch(body.changes.length);
      const changeRequest = serializeChangeRequest(ctx, cr);
      if (query.compat ?? true) return changeRequest;
      const location = (page: string): string => `${changeRequest.urls.location}/content/page/${encodeURIComponent(page)}`;
      return {
        changeRequest,
        changes: result.outcomes.map((outcome) => serializeOutcome(outcome, location)),
        insertedFiles: result.insertedFiles.map((file) => serializeFile(fileDownloadBase(ctx, revision.id), file)),
      };
    },
  });
}

function serializeOutcome(outcome: PageOutcome, location: (page: string) => string) {
  if (outcome.kind === 'deleted') return { object: 'deleted_page' as const, page: outcome.page };
  const page = { object: 'page' as const, id: outcome.page, urls: { location: location(outcome.page) } };
  if (outcome.kind === 'updated') return { object: 'updated_page' as const, page };
  return { object: 'created_page' as const, ...(outcome.ref === undefined ? {} : { ref: outcome.ref }), page };
}

function writable(ctx: EmulatorContext, caller: Caller, params: z.infer<typeof CrParams>) {
  const found = findCr(ctx, caller, params, ACCESS);
  const { status, number } = found.cr;
  if (status === 'merged' || status === 'archived') throw conflict(`Change request ${number} is ${status}; its content can no longer change.`);
  return found;
}
