import * as z from 'zod';
import type { EmulatorContext } from '../emulator-context.js';
import { semanticChanges, type SemanticChange } from '../content/semantic-changes.js';
import { queryBoolean } from '../http/input.js';
import { serializeFile } from '../serializers/serialize-file.js';
import type { RevisionRecord } from '../state/records.js';
import { fileDownloadBase } from './file-download-route.js';

/** The contract's default when `limit` is not given: a caller wanting every change must ask for more. */
const DEFAULT_LIMIT = 10;

/** Query of the two `…/changes` operations: `limit` (a number, default 10), and `metadata`/`computed` on a revision's. */
export const ChangesQuery = z.object({
  limit: z.coerce.number().positive().optional(),
  metadata: queryBoolean.optional(),
  computed: queryBoolean.optional(),
});

/**
 * The body of `RevisionSemanticChanges`: what changed from `base` to `head`, at most `limit` of them,
 * `more` counting those left out (absent when none were).
 */
export function semanticChangesBody(ctx: EmulatorContext, base: RevisionRecord, head: RevisionRecord, limit = DEFAULT_LIMIT) {
  const all = semanticChanges(base, head);
  const kept = all.slice(0, Math.floor(limit));
  const more = all.length - kept.length;
  return { changes: kept.map((change) => serialize(ctx, change, head, base)), ...(more > 0 ? { more } : {}) };
}

function serialize(ctx: EmulatorContext, change: SemanticChange, head: RevisionRecord, base: RevisionRecord) {
  if (!('file' in change)) return change;
  // A deleted file is only in the base revision: its download URL points there.
  const revision = change.type === 'file_deleted' ? base : head;
  const { id, name, contentType, downloadURL } = serializeFile(fileDownloadBase(ctx, revision.id), change.file);
  return { ...change, file: { id, name, contentType, downloadURL } };
}

/** A revision the state must hold (one a space or change request names). */
export function revisionOf(ctx: EmulatorContext, id: string): RevisionRecord {
  const found = ctx.state.revisions.get(id);
  if (!found) throw new Error(`Emulator state is inconsistent: revision ${id} is missing.`);
  return found;
}
