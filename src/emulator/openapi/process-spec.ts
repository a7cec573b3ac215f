import type { EmulatorContext } from '../emulator-context.js';
import type { OpenAPISpecRecord, OpenAPIVersionRecord } from '../state/records.js';
import { specProblem } from './check-spec.js';
import { fetchSpecText } from './fetch-spec.js';

/**
 * Moves a spec through processing for its newest version: `pending` (set by the caller) →
 * `progress` → `complete`, with `lastProcessErrorCode` set on failure and cleared on success.
 * Only the newest version's run may write: an older run still in flight (or one from before a
 * reset or a delete) finds itself stale and stops.
 */
export function processVersion(ctx: EmulatorContext, spec: OpenAPISpecRecord, version: OpenAPIVersionRecord): void {
  const state = ctx.state;
  const current = (): boolean => ctx.state === state && state.openapiSpecs.get(spec.id) === spec && spec.lastVersion === version.id;

  ctx.schedule(ctx.options.processingStepMs, () => {
    if (!current()) return;
    spec.processingState = 'progress';
    ctx.schedule(ctx.options.processingStepMs, async () => {
      if (!current()) return;
      let error: OpenAPISpecRecord['lastProcessErrorCode'];
      if (version.text === undefined) {
        const fetched = await fetchSpecText(version.url, ctx.options.importLimit);
        if (fetched.ok) version.text = fetched.text;
        else error = fetched.code;
      }
      if (version.text !== undefined && specProblem(version.text) !== undefined) error = 'PARSE_ERROR';
      if (!current()) return;
      spec.processingState = 'complete';
      spec.lastProcessedAt = state.timestamp();
      if (error === undefined) delete spec.lastProcessErrorCode;
      else spec.lastProcessErrorCode = error;
    });
  });
}
