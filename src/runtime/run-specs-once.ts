import { isAbsolute, resolve } from 'node:path';
import type { OpenApiSpecsApi } from '../api/resources/openapi-specs.js';
import { EXIT, exitCodeFor } from '../failure/exit-codes.js';
import type { TargetFailure } from './target-failure.js';
import { ConfigError } from '../config/config-error.js';
import { configReadScope, type LoadedConfig } from '../config/load-config.js';
import type { Logger } from '../logging/logger.js';
import type { StateStore } from '../state/state-store.js';
import { SpecProcessingError } from '../specs/errors/spec-processing-error.js';
import { SpecValidationError } from '../specs/errors/spec-validation-error.js';
import type { SpecLoader } from '../specs/load-spec.js';
import { publishSpec, type SpecPublishResult } from '../specs/publish-spec.js';
import type { PollOptions } from '../specs/spec-poll-step.js';
import { waitForSpec, type SpecWaitOutcome } from '../specs/wait-for-spec.js';

export interface RunSpecsOnceDeps {
  readonly api: { readonly openapi: Pick<OpenApiSpecsApi, 'get' | 'put' | 'getLatestContent'> };
  readonly state: StateStore;
  readonly logger: Logger;
  /** Reads and validates a local spec. Default: `loadSpec`, uncached. */
  readonly load?: SpecLoader;
  /** Replaces the real timer while waiting (tests). */
  readonly sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export interface RunSpecsOnceOptions {
  readonly dryRun: boolean;
  /** Wait until the platform has processed each published (or unchanged) spec. Default true. */
  readonly wait?: boolean;
  /** Publish even when unchanged. */
  readonly force?: boolean;
  /** Read each live spec before planning (drift, failed fetches). Default true. */
  readonly readLive?: boolean;
  /** Only these slugs; all configured specs when absent. */
  readonly slugs?: readonly string[] | undefined;
  readonly poll?: PollOptions;
  readonly signal?: AbortSignal;
}

/** A failure of one spec; `file` and `line` are set for an invalid local file (CI annotations). */
export interface SpecFailure extends TargetFailure {
  readonly file?: string | undefined;
  readonly line?: number | undefined;
}

export interface SpecRunResult extends SpecPublishResult {
  /** How processing ended; absent when not waited for (dry run, `wait: false`, or the publish failed). */
  readonly processing?: SpecWaitOutcome;
}

export interface SpecRunReport {
  readonly results: SpecRunResult[];
  readonly failures: SpecFailure[];
}

/** Exit code of a spec failure: an invalid local file is a config error (2), processing fails with 1. */
export function specExitCode(error: unknown): number {
  if (error instanceof SpecValidationError) return EXIT.config;
  if (error instanceof SpecProcessingError) return EXIT.failed;
  return exitCodeFor(error);
}

/**
 * One inline pass over the configured specs: validate, publish what changed, and (by default)
 * wait for processing. A failing spec does not stop the others; each lands in `failures` with the
 * exit code it alone would give. Needs only the API client and a state store (no Redis).
 */
export async function runSpecsOnce(deps: RunSpecsOnceDeps, loaded: LoadedConfig, options: RunSpecsOnceOptions): Promise<SpecRunReport> {
  const specs = loaded.config.specs;
  const unknown = options.slugs?.filter((slug) => !specs.some((s) => s.slug === slug)) ?? [];
  if (unknown.length > 0) {
    throw new ConfigError(`no spec with slug ${unknown.map((s) => `"${s}"`).join(', ')} in specs`, loaded.file, undefined, 'specs');
  }
  const report: SpecRunReport = { results: [], failures: [] };
  const scope = configReadScope(loaded);
  for (const target of specs.filter((s) => !options.slugs || options.slugs.includes(s.slug))) {
    const resolved = target.file === undefined || isAbsolute(target.file) ? target : { ...target, file: resolve(loaded.baseDir, target.file) };
    try {
      const result = await publishSpec({ ...deps, scope }, resolved, {
        dryRun: options.dryRun,
        force: options.force,
        readLive: options.readLive,
        signal: options.signal,
      });
      if (options.dryRun || options.wait === false || result.spec === null) {
        report.results.push(result);
        continue;
      }
      const processing = await waitForSpec(deps.api, target.organizationId, target.slug, {
        ...options.poll,
        initial: result.spec,
        sleep: deps.sleep,
        signal: options.signal,
      });
      report.results.push({ ...result, processing });
      if (processing.kind === 'failed') {
        const error = new SpecProcessingError(target.slug, processing.code, processing.message);
        deps.logger.error({ spec: target.slug, code: processing.code }, 'spec processing failed');
        report.failures.push({ target: `spec:${target.slug}`, error: error.message, code: error.code, exitCode: EXIT.failed });
      }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      deps.logger.error({ spec: target.slug, err: message }, 'spec publish failed');
      report.failures.push({
        target: `spec:${target.slug}`,
        error: message,
        code: typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : 'E_SPEC',
        exitCode: specExitCode(error),
        file: error instanceof SpecValidationError ? error.file : undefined,
        line: error instanceof SpecValidationError ? error.line : undefined,
      });
    }
  }
  return report;
}
