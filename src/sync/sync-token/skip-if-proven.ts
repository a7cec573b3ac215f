import { ApiError } from '../../api/errors/api-error.js';
import type { SpaceTarget } from '../../config/config-schema.js';
import type { PreparedContent } from '../prepared-content.js';
import { knownDelivery, resolveDelivery } from '../resolve-delivery.js';
import { resultBase, type SpaceSyncResult } from '../space-sync-result.js';
import { summaryNotices } from '../structure-notices.js';
import type { SyncSpaceDeps, SyncSpaceOptions } from '../sync-space-deps.js';
import { SyncStopwatch, type SyncTimings } from '../sync-stopwatch.js';
import { proveUnchanged, type ProvenUnchanged } from './prove-unchanged.js';

/** What a runner without state learned before the sync: its read of the docs, and the skip it proved. */
export interface StatelessCheck {
  /** The docs read for the proof: the sync that follows takes this read instead of reading again. */
  readonly content?: PreparedContent;
  /** What the check spent (the read, the proof's requests): the sync that follows adds it to its own. */
  readonly timings?: SyncTimings;
  readonly skipped?: { readonly result: SpaceSyncResult; readonly proven: ProvenUnchanged };
}

/**
 * A runner without a record of this target (a fresh CI runner) on content batches: when the sync
 * token of docsync's change request proves that the live content is what docsync delivered of these
 * docs (see {@link proveUnchanged}), the sync is skipped after those few reads, whatever the space's
 * size. A runner with state knows its last content hash already.
 */
export async function skipIfProven(deps: SyncSpaceDeps, target: SpaceTarget, stateKey: string, options: SyncSpaceOptions): Promise<StatelessCheck> {
  if (options.compareLive === true || target.delivery === 'import' || target.delivery === 'git') return {};
  if ((await deps.state.get(stateKey))?.lastHash !== undefined || (await knownDelivery(deps.state, target)) === 'import') return {};
  const { signal } = options;
  const stopwatch = new SyncStopwatch();
  const content = await stopwatch.time('readMs', () => deps.prepare(target, { signal }));
  // Only content batches record the token: an API without them (asked once, remembered) is compared as before.
  if ((await stopwatch.time('apiMs', () => resolveDelivery(deps, target, signal))) !== 'changes') return { content, timings: stopwatch.timings() };
  const proven = await stopwatch
    .time('apiMs', () => proveUnchanged(deps.api, target, content.contentHash, signal))
    .catch((error: unknown) => {
      // A read the API refuses proves nothing: the sync compares the live content as without a token.
      if (!(error instanceof ApiError)) throw error;
      deps.logger.debug({ target: target.name, error: error.message }, 'the sync token could not be checked');
      return undefined;
    });
  const cr = proven?.changeRequest;
  // docsync's change request that holds these docs but waits to be merged is merged by the sync that follows.
  if (proven === undefined || (cr && (target.changeRequest.autoMerge || target.mode === 'direct'))) return { content, timings: stopwatch.timings() };
  const skipReason = cr ? `change request #${cr.number} already holds this content` : 'the space already holds this content';
  deps.logger.info({ target: target.name, reason: skipReason }, 'sync skipped');
  const plan = { target: target.name, skipReason, ...(cr ? { changeRequest: { id: cr.id, number: cr.number } } : {}), actions: [] };
  const base = resultBase(target, content, plan, 'changes');
  if (options.dryRun !== true) await content.keep();
  const result: SpaceSyncResult = {
    ...base,
    warnings: [...base.warnings, ...summaryNotices(content, 'changes', target.groups)],
    outcome: 'skipped',
    ...(cr ? { changeRequest: { id: cr.id, number: cr.number, url: cr.urls.app } } : {}),
    timings: stopwatch.timings(),
  };
  return { content, skipped: { result, proven } };
}
