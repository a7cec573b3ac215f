import { setTimeout as delay } from 'node:timers/promises';
import type { OpenAPISpec } from '../api/schemas/openapi.js';
import type { OpenApiSpecsApi } from '../api/resources/openapi-specs.js';
import { pollStep, type PollOptions, type SpecFailureCode } from './spec-poll-step.js';

/** The part of the API client waiting needs. */
export interface SpecReader {
  readonly openapi: Pick<OpenApiSpecsApi, 'get'>;
}

export interface WaitForSpecOptions extends PollOptions {
  /** The spec as last read (the PUT's answer), which saves the first GET. */
  readonly initial?: OpenAPISpec;
  /** Default: a real timer. Tests pass one that returns at once. */
  readonly sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Default `Date.now`. */
  readonly now?: () => number;
  readonly signal?: AbortSignal;
  /** Called with every state read, for progress output. */
  readonly onRead?: (spec: OpenAPISpec) => void;
}

export type SpecWaitOutcome =
  | { readonly kind: 'done'; readonly version: string | undefined; readonly spec: OpenAPISpec }
  | { readonly kind: 'failed'; readonly code: SpecFailureCode; readonly message: string; readonly spec: OpenAPISpec };

const realSleep = (ms: number, signal?: AbortSignal): Promise<void> => delay(ms, undefined, signal ? { signal } : undefined);

/**
 * Inline driver of {@link pollStep} for one-shot runs: read, step, sleep, until the spec is
 * processed or fails. The daemon runs the same step from its `spec-poll` job instead.
 * @throws {ApiError} when a read fails beyond the client's retries; the abort reason on `signal`.
 */
export async function waitForSpec(api: SpecReader, organizationId: string, slug: string, options: WaitForSpecOptions = {}): Promise<SpecWaitOutcome> {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? realSleep;
  const startedAt = now();
  let spec = options.initial ?? (await api.openapi.get(organizationId, slug, { signal: options.signal }));
  for (let attempt = 0; ; attempt++) {
    options.onRead?.(spec);
    const step = pollStep(spec, attempt, startedAt, now(), options);
    if (step.kind !== 'wait') return { ...step, spec };
    await sleep(step.delayMs, options.signal);
    spec = await api.openapi.get(organizationId, slug, { signal: options.signal });
  }
}
