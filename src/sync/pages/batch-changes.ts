import { MAX_CHANGES_PER_BATCH } from '../../api/schemas/content-changes.js';
import type { PageHandle, PlannedChange } from './page-plan.js';

/**
 * Cuts the plan, in its order, into batches the API applies one at a time: at most 50 changes
 * each, and a new batch before a change that places a page under a page inserted in the current
 * batch (the API takes parents by id, which only the answer to that batch gives).
 */
export function batchChanges(changes: readonly PlannedChange[], max = MAX_CHANGES_PER_BATCH): PlannedChange[][] {
  const batches: PlannedChange[][] = [];
  let current: PlannedChange[] = [];
  let inserted = new Set<string>();
  for (const change of changes) {
    const parent = parentOf(change);
    if (current.length >= max || (parent?.ref !== undefined && inserted.has(parent.ref))) {
      batches.push(current);
      current = [];
      inserted = new Set();
    }
    current.push(change);
    if (change.kind === 'insert-page') inserted.add(change.ref);
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

function parentOf(change: PlannedChange): PageHandle | null | undefined {
  if (change.kind === 'insert-page') return change.parent;
  if (change.kind === 'update-page') return change.move?.parent;
  return undefined;
}
