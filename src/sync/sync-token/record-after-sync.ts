import type { SpaceTarget } from '../../config/config-schema.js';
import type { PreparedContent } from '../prepared-content.js';
import type { SpaceSyncResult } from '../space-sync-result.js';
import type { SyncSpaceDeps, SyncSpaceOptions } from '../sync-space-deps.js';
import type { ProvenUnchanged } from './prove-unchanged.js';
import { dropAtOnceToken, recordSyncToken } from './record-sync-token.js';

/**
 * After content batches went into docsync's change request, and the redirects followed: its subject
 * records the sync token of what they left (nothing to write when docsync created it with the token
 * of a merge at once and merged it).
 */
export async function tokenAfterDelivery(
  deps: SyncSpaceDeps,
  target: SpaceTarget,
  stateKey: string,
  content: PreparedContent,
  result: SpaceSyncResult,
  options: SyncSpaceOptions,
): Promise<void> {
  if (options.dryRun === true || result.delivered === undefined || result.changeRequest === undefined || result.plan.subject === undefined) return;
  // The revision the last batch made, as the sync recorded it once read back.
  const landed = (await deps.state.get(stateKey))?.landed;
  if (landed?.hash !== content.contentHash) return;
  const record = {
    changeRequest: { id: result.changeRequest.id, subject: result.plan.subject, subjectLive: result.plan.subjectLive === true },
    mergedAtOnce: result.outcome === 'merged',
    revision: landed.revision,
    contentHash: content.contentHash,
    redirects: result.redirects,
  };
  await recordSyncToken(deps, target, record, async () => options.fence?.check(), options.signal);
}

/** A change request a run was to merge and left open on a conflict keeps no token of a merge at once. */
export async function tokenAfterConflict(deps: SyncSpaceDeps, target: SpaceTarget, result: SpaceSyncResult, options: SyncSpaceOptions): Promise<void> {
  if (options.dryRun === true || result.delivery !== 'changes' || result.changeRequest === undefined || result.plan.subject === undefined) return;
  await dropAtOnceToken(deps, target, { id: result.changeRequest.id, subject: result.plan.subject }, async () => options.fence?.check(), options.signal);
}

/**
 * A skip proven by the sync token (`redirects(unchanged)` runs the redirects step): redirects it left
 * waiting on a merge that has happened since are made, and the token then says they are settled.
 */
export async function afterProvenSkip(
  deps: SyncSpaceDeps,
  target: SpaceTarget,
  content: PreparedContent,
  proven: ProvenUnchanged,
  redirects: (unchanged: boolean) => Promise<SpaceSyncResult>,
  options: SyncSpaceOptions,
): Promise<SpaceSyncResult> {
  if (!proven.redirectsDue) return redirects(true);
  const synced = await redirects(false);
  const holder = proven.tokenHolder;
  const record = {
    changeRequest: { id: holder.id, subject: holder.subject ?? '', subjectLive: true },
    mergedAtOnce: false,
    revision: holder.revision,
    contentHash: content.contentHash,
    redirects: synced.redirects,
  };
  if (options.dryRun !== true) await recordSyncToken(deps, target, record, async () => options.fence?.check(), options.signal);
  return synced;
}
