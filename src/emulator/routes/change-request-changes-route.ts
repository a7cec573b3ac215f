import type { EmulatorContext } from '../emulator-context.js';
import { semanticChanges, type SemanticChange } from '../content/semantic-changes.js';
import type { DefineRoute } from '../http/define-route.js';
import { serializeFile } from '../serializers/serialize-file.js';
import type { RevisionRecord } from '../state/records.js';
import { CrParams, findCr } from './change-request-target.js';
import { fileDownloadBase } from './file-download-route.js';

/**
 * `GET …/change-requests/{id}/changes` (role `read`): what the change request changes against the
 * revision it branched from (or last took main from), as revision semantic changes.
 */
export function changeRequestChangesRoute(define: DefineRoute, ctx: EmulatorContext): void {
  define({
    method: 'GET',
    url: '/v1/spaces/:spaceId/change-requests/:changeRequestId/changes',
    params: CrParams,
    handler: ({ params, caller }) => {
      const { cr } = findCr(ctx, caller, params);
      const base = revisionOf(ctx, cr.revisionMergedAncestor ?? cr.revisionInitial);
      const head = revisionOf(ctx, cr.revision);
      return { changes: semanticChanges(base, head).map((change) => serialize(ctx, change, head, base)) };
    },
  });
}

function serialize(ctx: EmulatorContext, change: SemanticChange, head: RevisionRecord, base: RevisionRecord) {
  if (!('file' in change)) return change;
  // A deleted file is only in the base revision: its download URL points there.
  const revision = change.type === 'file_deleted' ? base : head;
  const { id, name, contentType, downloadURL } = serializeFile(fileDownloadBase(ctx, revision.id), change.file);
  return { ...change, file: { id, name, contentType, downloadURL } };
}

function revisionOf(ctx: EmulatorContext, id: string): RevisionRecord {
  const found = ctx.state.revisions.get(id);
  if (!found) throw new Error(`Emulator state is inconsistent: revision ${id} is missing.`);
  return found;
}
