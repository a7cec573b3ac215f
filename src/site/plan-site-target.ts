import type { ApiClient } from '../api/api-client.js';
import type { StateStore } from '../state/state-store.js';
import type { DesiredSite } from './desired-site.js';
import { loadManifest } from './load-manifest.js';
import { planSite } from './plan-site.js';
import { readLiveSite, type LiveSite } from './read-live-site.js';
import type { SitePlan } from './site-action.js';
import { siteApiContract } from './site-api-contract.js';
import { readSiteIdentities } from './site-identities.js';

/** A site kept as code: its manifest and how to treat what the manifest does not declare. */
export interface SiteTargetSpec {
  /** Absolute path of the manifest. */
  manifest: string;
  /** Delete live objects the manifest does not declare. */
  prune: boolean;
  /** docsync.yaml `spaces` target name → space id, for manifest items that say `target:`. */
  spaceTargets?: ReadonlyMap<string, string>;
  /** docsync.yaml `spaces` targets' absolute folders → space id, for spaces that give `content.directory`. */
  spaceDirectories?: ReadonlyMap<string, string> | undefined;
  /** Where a `content.directory` with a leading `/` starts (the configuration's folder). */
  rootDir?: string | undefined;
  /** docsync.yaml `site.organization`, `site.id` and `site.spaces`, for a manifest that does not say. */
  organization?: string | undefined;
  siteId?: string | undefined;
  spaceIds?: Readonly<Record<string, string>> | undefined;
}

export interface PlannedSite {
  desired: DesiredSite;
  /** Undefined when the site does not exist yet. */
  live: LiveSite | undefined;
  plan: SitePlan;
}

/**
 * Manifest → plan: loads and checks the manifest (no request is made if it is invalid), reads the
 * live site and the remembered identities, and diffs. Makes no write.
 */
export async function planSiteTarget(deps: { api: ApiClient; state: StateStore }, target: SiteTargetSpec, signal?: AbortSignal): Promise<PlannedSite> {
  const { manifest, prune: _prune, ...context } = target;
  const { desired } = await loadManifest(manifest, context);
  const live = await readLiveSite(deps.api, desired, signal);
  const known = await readSiteIdentities(deps.state, live?.site.id);
  // Only external links depend on the API's release; a manifest without them costs no extra read.
  const contract = desired.externalLinks.length > 0 ? await siteApiContract(deps.api, signal) : undefined;
  return { desired, live, plan: planSite(desired, live, known, { prune: target.prune, contract }) };
}
