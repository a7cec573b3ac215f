import type { JobProcessor, WorkerDeps } from '../src/jobs/worker-deps.js';
import { isAbsolute, resolve } from 'node:path';
import { configReadScope } from '../src/config/load-config.js';
import { PermanentJobError } from '../src/failure/permanent-job-error.js';
import { SpecValidationError } from '../src/specs/errors/spec-validation-error.js';
import { publishSpec } from '../src/specs/publish-spec.js';

/** `spec-publish`: validate and PUT one spec, then hand the wait to a `spec-poll` job. */
export function specPublishProcessor(deps: WorkerDeps): JobProcessor<'spec-publish'> {
  return async (data, { logger, signal }) => {
    const spec = deps.loaded.config.specs.find((s) => s.slug === data.slug);
    if (!spec) throw new PermanentJobError(`No spec with slug "${data.slug}" in ${deps.loaded.file}.`);
    const target = spec.file === undefined || isAbsolute(spec.file) ? spec : { ...spec, file: resolve(deps.loaded.baseDir, spec.file) };
    try {
      const result = await publishSpec(
        { api: deps.runtime.api, state: deps.runtime.state, logger, scope: configReadScope(deps.loaded), load: deps.runtime.loadSpec },
        target,
        { signal },
      );
      if (result.outcome === 'published') {
        await deps.enqueue('spec-poll', { organizationId: spec.organizationId, slug: spec.slug, startedAt: Date.now(), attempt: 0 });
      }
      const version = result.spec?.lastVersion;
      return {
        status: 'done',
        summary: { slug: spec.slug, outcome: result.outcome, version },
        message: `spec ${spec.slug}: ${result.outcome}${version ? `, version ${version}` : ''}`,
      };
    } catch (error) {
      if (error instanceof SpecValidationError) throw new PermanentJobError(error.message, { cause: error });
      throw error;
    }
  };
}
