import type { Logger } from '../logging/logger.js';
import type { WorkerDeps } from './worker-deps.js';

/** Time for the check's own enqueue after the last moment a stale request could land. */
const MARGIN_MS = 1_000;

/**
 * A `space-sync` attempt that stalled or lost its lock may have a content write still on its way
 * (`updateChangeRequestContent` takes no expected revision, so nothing refuses it when it lands).
 * Any request of that attempt has ended `api.timeout` after it was sent: a `stall-check` job is
 * delayed until then, and enqueues a sync that compares with the live content, whatever the
 * reconcile interval. The delay lives in Redis, so the check runs even if this process does not
 * (stalls come from killed and paused workers); another stall of the target pushes it later.
 */
export async function scheduleStallCheck(enqueue: WorkerDeps['enqueue'], target: string, apiTimeoutMs: number, logger: Logger): Promise<void> {
  const delayMs = apiTimeoutMs + MARGIN_MS;
  try {
    await enqueue('stall-check', { target }, { delayMs });
    logger.info(
      { target, delayMs },
      'a sync attempt stalled with a write possibly in flight; its target is checked against the live content once that write must have ended',
    );
  } catch (error) {
    logger.warn({ target, err: (error as Error).message }, 'could not schedule the check after a stalled sync; the reconcile loop will catch up');
  }
}
