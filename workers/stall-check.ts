import type { JobProcessor, WorkerDeps } from '../src/jobs/worker-deps.js';
import { SUPERSEDED } from '../src/jobs/job-kinds.js';

/**
 * `stall-check`: the delay after a stalled attempt is over, so any write it had in flight has
 * landed; a sync that compares with the live content puts the newest content back. It goes
 * through the target's deduplicated queue, so it never runs beside another sync of the target.
 */
export function stallCheckProcessor(deps: Pick<WorkerDeps, 'enqueue'>): JobProcessor<'stall-check'> {
  return async (data) => {
    await deps.enqueue('space-sync', { target: data.target, reason: SUPERSEDED });
    return { status: 'done', summary: { target: data.target }, message: `checking ${data.target} against the live content after a stalled sync` };
  };
}
