import type { Logger } from '../src/logging/logger.js';
import type { WorkerDeps } from './worker-deps.js';

/** The reason of a sync that compares with the live content after an attempt was superseded. */
export const SUPERSEDED = 'superseded';

/** Time for the check's own enqueue after the last moment a stale request could land. */
const MARGIN_MS = 1_000;

/**
 * A `space-sync` attempt that stalled or lost its lock may have a content write still on its way
 * (`updateChangeRequestContent` takes no expected revision, so nothing refuses it when it lands).
 * Any request of that attempt has ended `api.timeout` after it was sent: a sync that compares with
 * the live content is enqueued then, and puts the newest content back whatever the reconcile
 * interval. In-process and best effort: the reconcile loop remains the backstop.
 */
export function verifyAfterStall(deps: Pick<WorkerDeps, 'enqueue' | 'loaded'>, target: string, logger: Logger): void {
  const delayMs = deps.loaded.config.api.timeout + MARGIN_MS;
  logger.info(
    { target, delayMs },
    'a sync attempt stalled with a write possibly in flight; its target is checked against the live content once that write must have ended',
  );
  setTimeout(() => {
    deps.enqueue('space-sync', { target, reason: SUPERSEDED }).catch((error: unknown) => {
      logger.warn({ target, err: (error as Error).message }, 'could not enqueue the check after a stalled sync; the reconcile loop will catch up');
    });
  }, delayMs).unref();
}
