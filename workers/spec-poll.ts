import type { JobProcessor, WorkerDeps } from '../src/jobs/worker-deps.js';
import { PermanentJobError } from '../src/failure/permanent-job-error.js';
import { pollStep } from '../src/specs/spec-poll-step.js';

/**
 * `spec-poll`: one read of a published spec. Not settled yet means "again later" (the driver moves
 * the job to delayed), so no worker slot sleeps while the platform processes.
 */
export function specPollProcessor(deps: WorkerDeps): JobProcessor<'spec-poll'> {
  return async (data, { logger, signal }) => {
    const spec = await deps.runtime.api.openapi.get(data.organizationId, data.slug, { signal });
    const step = pollStep(spec, data.attempt, data.startedAt, Date.now());
    if (step.kind === 'wait') return { status: 'later', delayMs: step.delayMs, data: { ...data, attempt: data.attempt + 1 } };
    if (step.kind === 'failed') {
      logger.error({ spec: data.slug, code: step.code }, step.message);
      throw new PermanentJobError(step.message);
    }
    logger.info({ spec: data.slug, version: step.version }, 'spec processed');
    return {
      status: 'done',
      summary: { slug: data.slug, version: step.version, state: 'complete' },
      message: `spec ${data.slug} processed, version ${step.version}`,
    };
  };
}
