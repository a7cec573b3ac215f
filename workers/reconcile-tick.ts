import type { JobProcessor, WorkerDeps } from '../src/jobs/worker-deps.js';

/** `reconcile-tick`: a full pass. Unchanged targets cost reads only; their syncs make zero writes. */
export function reconcileTickProcessor(deps: WorkerDeps): JobProcessor<'reconcile-tick'> {
  return async () => {
    const { spaces, specs, site } = deps.loaded.config;
    for (const target of spaces) await deps.enqueue('space-sync', { target: target.name, reason: 'reconcile' });
    for (const spec of specs) await deps.enqueue('spec-publish', { slug: spec.slug, reason: 'reconcile' });
    if (site) await deps.enqueue('site-reconcile', { reason: 'reconcile' });
    return {
      status: 'done',
      summary: { spaces: spaces.length, specs: specs.length, site: site !== undefined },
      message: `reconcile pass queued: ${spaces.length} spaces, ${specs.length} specs${site ? ', the site' : ''}`,
    };
  };
}
