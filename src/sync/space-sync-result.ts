import type { SpaceTarget } from '../config/config-schema.js';
import type { CommitInfo } from './change-request-subject.js';
import type { PageDiff } from './page-diff.js';
import type { PlatformEditsResult } from './platform-edits/platform-edits-step.js';
import type { PreparedContent } from './prepared-content.js';
import type { RedirectsResult } from './redirects/sync-redirects.js';
import type { Delivery } from './resolve-delivery.js';
import type { SpaceSyncPlan } from './space-sync-plan.js';
import type { SyncConflict } from './sync-conflict.js';
import type { SyncTimings } from './sync-stopwatch.js';

export type SpaceSyncOutcome = 'skipped' | 'planned' | 'created' | 'updated' | 'merged' | 'imported' | 'conflict';

export interface SpaceSyncResult {
  target: string;
  outcome: SpaceSyncOutcome;
  contentHash: string;
  pageCount: number;
  plan: SpaceSyncPlan;
  changeRequest?: { id: string; number: number; url?: string | undefined };
  /** Pages the platform imported, as it reported them. */
  imported?: { revision: string; importedResources: number; totalResources: number };
  /** How the content was written, and for change batches how many went in how many calls. */
  delivery: Delivery;
  delivered?: { changes: number; batches: number };
  /** `delivery: git`: the repository (without credentials), ref and commit the platform imports, and whether docsync pushed it. */
  git?: { url: string; ref: string; commit: string; pushed: boolean };
  /** Set when the outcome is `conflict`. */
  conflict?: SyncConflict;
  /** What the import would change (a dry run), or changed, versus the live content before it. */
  diff?: PageDiff;
  warnings: string[];
  /** The commit the content came from; absent for the working tree. */
  commit?: CommitInfo;
  /** Pages changed in the platform that this sync kept in git before overwriting them (`platformEdits`). */
  platformEdits?: PlatformEditsResult;
  /** What the sync did to the redirects of the site the space is published in. */
  redirects?: RedirectsResult;
  /** Where the time went. */
  timings: SyncTimings;
}

/** What every result of a sync says: the target, what was read, the plan. */
export function resultBase(
  target: SpaceTarget,
  content: PreparedContent,
  plan: SpaceSyncPlan,
  delivery: Delivery,
): Pick<SpaceSyncResult, 'target' | 'contentHash' | 'pageCount' | 'plan' | 'warnings' | 'commit' | 'delivery'> {
  return {
    target: target.name,
    delivery,
    contentHash: content.contentHash,
    pageCount: content.pageCount,
    plan,
    warnings: content.warnings,
    ...(content.commit ? { commit: content.commit } : {}),
  };
}
