import type { OpenAPISpec } from '../api/schemas/openapi.js';

/** The platform's error code: a known one, or any other string it may add. */
type ProcessErrorCode = NonNullable<OpenAPISpec['lastProcessErrorCode']>;

/** Why waiting for a spec ended badly: the platform's error code, or our own overall timeout. */
export type SpecFailureCode = ProcessErrorCode | 'TIMEOUT';

/** The fields of a spec one poll step reads (a BullMQ job can carry just these). */
export type PollableSpec = Pick<
  OpenAPISpec,
  'slug' | 'processingState' | 'lastVersion' | 'lastProcessErrorCode' | 'lastProcessedAt' | 'updatedAt' | 'sourceURL'
>;

/** Backoff and deadline of waiting for processing. */
export interface PollOptions {
  /** Wait after the first read, in ms. Default `250`. */
  readonly initialDelayMs?: number;
  /** Growth of the wait per attempt. Default `1.5`. */
  readonly factor?: number;
  /** Longest single wait, in ms. Default `5000`. */
  readonly maxDelayMs?: number;
  /** Overall limit from the start of waiting, in ms. Default `300_000` (5 minutes). */
  readonly timeoutMs?: number;
}

export const DEFAULT_POLL_OPTIONS: Required<PollOptions> = { initialDelayMs: 250, factor: 1.5, maxDelayMs: 5000, timeoutMs: 300_000 };

export type PollStepResult =
  | { readonly kind: 'done'; readonly version: string | undefined }
  | { readonly kind: 'failed'; readonly code: SpecFailureCode; readonly message: string }
  | { readonly kind: 'wait'; readonly delayMs: number };

/**
 * One step of waiting for a published spec: given the spec as just read, decide whether it is
 * done, failed, or worth another read after `delayMs`. Pure (time comes in as `now`), so the
 * inline driver ({@link waitForSpec}) and the BullMQ `spec-poll` processor (moveToDelayed) share it.
 * @param attempt 0 for the first read after the publish, then 1, 2, …
 * @param startedAt when waiting began (epoch ms); the timeout counts from here.
 */
export function pollStep(spec: PollableSpec, attempt: number, startedAt: number, now: number, options: PollOptions = {}): PollStepResult {
  const o = { ...DEFAULT_POLL_OPTIONS, ...options };
  const code = currentErrorCode(spec);
  if (code !== undefined) return { kind: 'failed', code, message: describeSpecFailure(code, spec) };
  if (spec.processingState === 'complete') return { kind: 'done', version: spec.lastVersion };
  const remaining = startedAt + o.timeoutMs - now;
  if (remaining <= 0) return { kind: 'failed', code: 'TIMEOUT', message: describeSpecFailure('TIMEOUT', spec, o.timeoutMs) };
  const delay = Math.min(o.initialDelayMs * o.factor ** Math.max(0, attempt), o.maxDelayMs);
  return { kind: 'wait', delayMs: Math.max(1, Math.round(Math.min(delay, remaining))) };
}

/**
 * The error code that belongs to the version being processed. A new version sets the spec back
 * to `pending`, but the previous run's code may still show: it only counts once processing is
 * `complete`, or when the recorded result is at least as new as the spec's last change.
 */
function currentErrorCode(spec: PollableSpec): ProcessErrorCode | undefined {
  const code = spec.lastProcessErrorCode;
  if (code === undefined) return undefined;
  if (spec.processingState === 'complete') return code;
  const processedAt = spec.lastProcessedAt === undefined ? Number.NaN : Date.parse(spec.lastProcessedAt);
  return processedAt >= Date.parse(spec.updatedAt) ? code : undefined;
}

function formatDuration(ms: number): string {
  return ms % 60_000 === 0 ? `${ms / 60_000} min` : ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}

/** One message per failure code, saying what to check. */
export function describeSpecFailure(code: SpecFailureCode, spec: Pick<PollableSpec, 'slug' | 'sourceURL' | 'processingState'>, timeoutMs?: number): string {
  const url = spec.sourceURL === undefined ? 'the spec URL' : spec.sourceURL;
  switch (code) {
    case 'FETCH_ERROR':
      return `FETCH_ERROR: the platform could not fetch ${url}. The URL must be reachable from the platform (not localhost or a private network), public (no login or VPN), and answer 2xx with the spec itself; fix it and publish again.`;
    case 'FETCH_TIMEOUT':
      return `FETCH_TIMEOUT: the host of ${url} answered too slowly. Check that it responds within a few seconds (no slow redirects or cold starts), or publish the file instead of the URL.`;
    case 'PARSE_ERROR':
      return `PARSE_ERROR: the platform could not read the document as OpenAPI. Check that it is a valid OpenAPI 3.x or Swagger 2.0 file; validate it locally with \`docsync spec publish ${spec.slug} --dry-run\`.`;
    case 'TIMEOUT':
      return `TIMEOUT: processing did not finish within ${formatDuration(timeoutMs ?? DEFAULT_POLL_OPTIONS.timeoutMs)} (still "${spec.processingState}"). The platform may be busy: check later with \`docsync spec status ${spec.slug}\`, or wait longer with --timeout.`;
    default:
      return `${code}: the platform could not process the spec (an error code this docsync does not know). Open the spec in the app for details, fix it and publish again.`;
  }
}
