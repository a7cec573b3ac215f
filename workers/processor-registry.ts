import type { JobRegistry, WorkerDeps } from '../src/jobs/worker-deps.js';
import { migrateItemJobProcessor } from './migrate-item.js';
import { reconcileTickProcessor } from './reconcile-tick.js';
import { siteReconcileProcessor } from './site-reconcile.js';
import { spaceSyncProcessor } from './space-sync.js';
import { specPollProcessor } from './spec-poll.js';
import { specPublishProcessor } from './spec-publish.js';
import { stallCheckProcessor } from './stall-check.js';

/** One processor per job kind; drivers look them up here. */
export function processorRegistry(deps: WorkerDeps): JobRegistry {
  return {
    'space-sync': spaceSyncProcessor(deps),
    'spec-publish': specPublishProcessor(deps),
    'spec-poll': specPollProcessor(deps),
    'site-reconcile': siteReconcileProcessor(deps),
    'reconcile-tick': reconcileTickProcessor(deps),
    'stall-check': stallCheckProcessor(deps),
    'migrate-item': migrateItemJobProcessor(deps),
  };
}
