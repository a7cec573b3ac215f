import type { JobProcessor, WorkerDeps } from '../src/jobs/worker-deps.js';
import { PermanentJobError } from '../src/failure/permanent-job-error.js';
import { reconcileSite } from '../src/site/reconcile-site.js';
import { siteTargetOfConfig } from '../src/site/site-target-of-config.js';

/** `site-reconcile`: make the live site match the manifest; drift found is counted. */
export function siteReconcileProcessor(deps: WorkerDeps): JobProcessor<'site-reconcile'> {
  return async (_data, { logger, signal }) => {
    const target = siteTargetOfConfig(deps.loaded);
    if (!target) throw new PermanentJobError(`No site manifest is configured in ${deps.loaded.file}.`);
    const result = await reconcileSite({ api: deps.runtime.api, state: deps.runtime.state, logger }, target, { signal });
    if (result.drift > 0) deps.onDrift?.('site-reconcile', result.drift);
    return {
      status: 'done',
      summary: { site: result.siteId, drift: result.drift, writes: result.writes },
      message: `site ${result.siteId} reconciled: ${result.drift} drift fixed, ${result.writes} writes`,
    };
  };
}
