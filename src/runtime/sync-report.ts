import type { ArchivedPreview } from '../sync/branch-previews.js';
import type { SpaceSyncResult } from '../sync/sync-space.js';
import type { SpecRunResult } from './run-specs-once.js';
import type { TargetFailure } from './target-failure.js';

/** The failure code of a target whose platform edits clash with git's changes in the same lines (exit 8). */
export const PLATFORM_EDITS_CONFLICT = 'E_PLATFORM_EDITS_CONFLICT';

export interface SyncReport {
  results: SpaceSyncResult[];
  specs: SpecRunResult[];
  failures: TargetFailure[];
  /** Write calls (POST, PUT, PATCH, DELETE) the API accepted during the run. */
  writes: number;
  /** 429s waited out and other failed API attempts tried again: expected, handled, counted here rather than warned about. */
  retries?: { rateLimitWaits: number; retries: number };
  /** Preview change requests archived (`--close-branch`, or superseded by a merge on main). */
  archived: ArchivedPreview[];
}
