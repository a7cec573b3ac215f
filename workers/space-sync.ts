import type { JobProcessor, WorkerDeps } from '../src/jobs/worker-deps.js';
import { resolve } from 'node:path';
import { ContentError } from '../src/content/errors/content-error.js';
import { SnapshotStaleError } from '../src/content/errors/snapshot-stale-error.js';
import { PermanentJobError } from '../src/failure/permanent-job-error.js';
import { lostLock } from '../src/queue/lost-lock.js';
import { SupersededError } from '../src/sync/errors/superseded-error.js';
import { syncSpace } from '../src/sync/sync-space.js';
import { SUPERSEDED } from '../src/jobs/job-kinds.js';
import { scheduleStallCheck } from '../src/jobs/schedule-stall-check.js';

/** The reason of a sync the watcher enqueued: files changed. */
const CHANGE = 'change';

/** `space-sync`: one target's docs into its space (change request or direct). */
export function spaceSyncProcessor(deps: WorkerDeps): JobProcessor<'space-sync'> {
  return async (data, { logger, signal, ownsJob }) => {
    const target = deps.loaded.config.spaces.find((t) => t.name === data.target);
    if (!target) throw new PermanentJobError(`No space target named "${data.target}" in ${deps.loaded.file}.`);
    const resolved = { ...target, directory: resolve(deps.loaded.baseDir, target.directory) };
    try {
      const fence = ownsJob && {
        check: async (): Promise<void> => {
          if (!(await ownsJob()))
            throw new SupersededError(`this worker lost the job of ${target.name} to another one (it was paused past its lock); it writes nothing more`);
        },
      };
      const result = await syncSpace({ ...deps.runtime.syncDeps, logger }, resolved, {
        signal,
        maxDeletions: deps.loaded.config.sync.maxDeletions,
        ...(fence ? { fence } : {}),
        // The reconcile loop heals drift; a superseded run may have left older content live.
        compareLive: data.reason === 'reconcile' || data.reason === SUPERSEDED,
        changeSeen: data.reason === CHANGE,
      });
      const kept = result.platformEdits;
      if (kept?.pushed === true)
        deps.onPlatformEdits?.(
          result.target,
          kept.pages.map((page) => page.outcome),
        );
      if (data.reason === 'reconcile' && result.outcome !== 'skipped' && result.outcome !== 'conflict') deps.onDrift?.('space-sync', 1);
      // A conflict is the job's outcome (syncSpace logged it), not a failure to retry: only a person can resolve it.
      const cr = result.changeRequest;
      return {
        status: 'done',
        summary: { target: result.target, outcome: result.outcome, contentHash: result.contentHash, changeRequest: cr?.number },
        message: `synced ${result.target}: ${result.outcome}${cr ? `, change request #${cr.number}${cr.url ? ` ${cr.url}` : ''}` : ''}`,
      };
    } catch (error) {
      if (error instanceof SupersededError) {
        logger.info({ target: data.target, reason: error.message }, 'sync superseded; the target is synced again from the newest docs');
        await deps.enqueue('space-sync', { target: data.target, reason: SUPERSEDED });
        return { status: 'done', summary: { target: data.target, outcome: 'superseded' }, message: `sync of ${data.target} superseded; queued again` };
      }
      // Paused past its lock: a write sent before the pause may land after the newer run's, which
      // has finished. A sync that compares with the live content follows it now, not at the next
      // reconcile, and again once this attempt's own request in flight must have ended.
      if (lostLock(signal)) {
        logger.info({ target: data.target }, 'lost the job while a write may have been in flight; the live content is checked again');
        await deps.enqueue('space-sync', { target: data.target, reason: SUPERSEDED });
        await scheduleStallCheck(deps.enqueue, data.target, deps.loaded.config.api.timeout, logger);
      }
      // A file changing under the reader is worth another try; a missing docs root is not.
      if (error instanceof ContentError && !(error instanceof SnapshotStaleError)) {
        throw new PermanentJobError(error.message, { cause: error });
      }
      throw error;
    }
  };
}
