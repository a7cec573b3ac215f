import { resolve } from 'node:path';
import { configReadScope, type LoadedConfig } from '../config/load-config.js';
import { siteTargetOfConfig } from '../site/site-target-of-config.js';
import { listSpecFiles } from '../specs/list-spec-files.js';
import type { WatchTarget } from '../watch/target-watcher.js';
import type { JobInput, JobKind } from '../jobs/job-kinds.js';

/** A watched path and the job its change enqueues. */
export interface WatchedTarget {
  watch: WatchTarget;
  job: { [K in JobKind]: { kind: K; data: JobInput<K> } }[JobKind];
}

/**
 * What the watcher watches: each space target's docs, each local spec with every file its `$ref`s
 * reach, and the site manifest. URL specs have nothing local to watch; the reconcile loop covers them.
 */
export async function watchPlan(loaded: LoadedConfig): Promise<WatchedTarget[]> {
  const { config, baseDir } = loaded;
  const plan: WatchedTarget[] = config.spaces.map((space) => ({
    watch: { name: `space:${space.name}`, directory: resolve(baseDir, space.directory), source: space.source },
    job: { kind: 'space-sync', data: { target: space.name, reason: 'change' } },
  }));
  const scope = configReadScope(loaded);
  for (const spec of config.specs) {
    if (spec.file === undefined) continue;
    const file = resolve(baseDir, spec.file);
    plan.push({
      watch: { name: `spec:${spec.slug}`, directory: file, source: 'worktree', extraFiles: await listSpecFiles(file, scope) },
      job: { kind: 'spec-publish', data: { slug: spec.slug, reason: 'change' } },
    });
  }
  const site = siteTargetOfConfig(loaded);
  if (site) {
    plan.push({
      watch: { name: 'site', directory: site.manifest, source: 'worktree' },
      job: { kind: 'site-reconcile', data: { reason: 'change' } },
    });
  }
  return plan;
}
