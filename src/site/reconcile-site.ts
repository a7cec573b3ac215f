import type { ApiClient } from '../api/api-client.js';
import type { Logger } from '../logging/logger.js';
import type { StateStore } from '../state/state-store.js';
import { applySitePlan } from './apply-site-plan.js';
import { describeSiteAction } from './describe-site-action.js';
import { planSiteTarget, type SiteTargetSpec } from './plan-site-target.js';
import type { SitePlan } from './site-action.js';

export interface ReconcileSiteDeps {
  api: ApiClient;
  state: StateStore;
  logger: Logger;
}

export interface ReconcileSiteOptions {
  /** Plan and log `DRY-RUN: would …`; write nothing. Default false. */
  dryRun?: boolean;
  signal?: AbortSignal;
}

export interface ReconcileSiteResult {
  siteId: string | undefined;
  plan: SitePlan;
  /** Differences found (the plan's actions): 0 when the site was in shape. For the drift metric. */
  drift: number;
  /** API write calls made. */
  writes: number;
  /** Live objects left alone because the manifest does not declare them and prune is off. */
  unmanaged: number;
}

/**
 * One reconcile of a site kept as code: load the manifest, read the live site, plan, apply. This is
 * what the `site-reconcile` job runs (on the reconcile loop and on edits of the manifest file).
 * A site in shape costs six reads and no write. Drift is logged as the plan that fixed it.
 * @throws {ConfigError} invalid manifest (before any request); {SiteLookupError}; {SiteApplyError}.
 */
export async function reconcileSite(deps: ReconcileSiteDeps, target: SiteTargetSpec, options: ReconcileSiteOptions = {}): Promise<ReconcileSiteResult> {
  const { plan } = await planSiteTarget(deps, target, options.signal);
  const drift = plan.actions.length;
  if (drift > 0) {
    deps.logger.info(
      { site: plan.siteId, drift, changes: plan.actions.map(describeSiteAction), dryRun: options.dryRun ?? false },
      options.dryRun ? 'site drift found (dry run)' : 'site drift found; applying',
    );
  }
  if (plan.unmanaged.length > 0) {
    deps.logger.info(
      { site: plan.siteId, unmanaged: plan.unmanaged.map((u) => `${u.kind} ${u.label}`) },
      'site has objects the manifest does not declare; prune removes them',
    );
  }
  const result = await applySitePlan(deps, plan, { dryRun: options.dryRun, signal: options.signal });
  return { siteId: result.siteId, plan, drift, writes: result.writes, unmanaged: plan.unmanaged.length };
}
