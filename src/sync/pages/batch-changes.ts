import { MAX_BASE64_CHARS, MAX_CHANGES_PER_BATCH } from '../../api/schemas/content-changes.js';
import type { PageHandle, PlannedChange, PlannedFile } from './page-plan.js';

/**
 * Bytes of JSON one batch may carry. Twenty inline files of 1 MB, as one change may hold, encode to
 * 27 MB: more than an API (the emulator: 10 MiB) takes in one body, so batches are cut by size too.
 */
export const MAX_BATCH_BYTES = 8 * 1024 * 1024;
/** What a file sent by URL, or a change without a document, counts for. */
const SMALL_CHANGE_BYTES = 4096;

export interface BatchLimits {
  readonly maxChanges?: number;
  readonly maxBytes?: number;
  /** Bytes of a page's file by path in the docs root, for the documents the batch carries. */
  readonly sizeOf?: (path: string) => number;
}

/**
 * Cuts the plan, in its order, into batches the API applies one at a time: at most 50 changes and
 * about `maxBytes` of body each (an `insert_files` change too large alone is split), and a new batch
 * before a change that places a page under a page inserted in the current batch (the API takes
 * parents by id, which only the answer to that batch gives).
 */
export function batchChanges(changes: readonly PlannedChange[], limits: BatchLimits = {}): PlannedChange[][] {
  const { maxChanges = MAX_CHANGES_PER_BATCH, maxBytes = MAX_BATCH_BYTES, sizeOf = () => 0 } = limits;
  const bytesOf = (change: PlannedChange): number => {
    if (change.kind === 'insert-files') return change.files.reduce((sum, file) => sum + fileBytes(file), 0);
    if (change.kind === 'insert-page' || (change.kind === 'update-page' && change.document)) return SMALL_CHANGE_BYTES + Math.ceil(sizeOf(change.path) * 1.2);
    return SMALL_CHANGE_BYTES;
  };
  const batches: PlannedChange[][] = [];
  let current: PlannedChange[] = [];
  let bytes = 0;
  let inserted = new Set<string>();
  for (const change of changes.flatMap((c) => splitFiles(c, maxBytes))) {
    const parent = parentOf(change);
    const size = bytesOf(change);
    const full = current.length >= maxChanges || (current.length > 0 && bytes + size > maxBytes);
    if (full || (parent?.ref !== undefined && inserted.has(parent.ref))) {
      batches.push(current);
      current = [];
      bytes = 0;
      inserted = new Set();
    }
    current.push(change);
    bytes += size;
    if (change.kind === 'insert-page') inserted.add(change.ref);
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

/** Bytes a file adds to the body: its base64 when it goes inline, a URL otherwise. */
function fileBytes(file: PlannedFile): number {
  const encoded = Math.ceil(file.size / 3) * 4;
  return encoded <= MAX_BASE64_CHARS ? encoded + SMALL_CHANGE_BYTES : SMALL_CHANGE_BYTES;
}

/** An `insert_files` change over the size limit as several that each fit (one file per change at least). */
function splitFiles(change: PlannedChange, maxBytes: number): PlannedChange[] {
  if (change.kind !== 'insert-files') return [change];
  const parts: PlannedFile[][] = [];
  let part: PlannedFile[] = [];
  let bytes = 0;
  for (const file of change.files) {
    if (part.length > 0 && bytes + fileBytes(file) > maxBytes) {
      parts.push(part);
      part = [];
      bytes = 0;
    }
    part.push(file);
    bytes += fileBytes(file);
  }
  if (part.length > 0) parts.push(part);
  return parts.map((files) => ({ kind: 'insert-files', files }));
}

function parentOf(change: PlannedChange): PageHandle | null | undefined {
  if (change.kind === 'insert-page') return change.parent;
  if (change.kind === 'update-page') return change.move?.parent;
  return undefined;
}
