import { dirname, resolve } from 'node:path';
import { NotFoundError } from '../api/errors/not-found-error.js';
import type { OpenApiSpecsApi } from '../api/resources/openapi-specs.js';
import type { OpenAPISource, OpenAPISpec } from '../api/schemas/openapi.js';
import { ReadScope } from '../config/read-scope.js';
import type { SpecTarget } from '../config/spec-target-schema.js';
import type { Logger } from '../logging/logger.js';
import type { StateStore, TargetState } from '../state/state-store.js';
import { liveSourceHash } from './live-source-hash.js';
import { loadSpec, type SpecLoader } from './load-spec.js';
import { planSpecPublish, type SpecPublishPlan } from './plan-spec-publish.js';
import { sourcesUnchanged, type SpecSources } from './spec-fingerprint.js';
import { specHash } from './spec-hash.js';

/** State store key of a spec target. */
export function specStateKey(slug: string): string {
  return `spec:${slug}`;
}

export interface PublishSpecDeps {
  readonly api: { readonly openapi: Pick<OpenApiSpecsApi, 'get' | 'put' | 'getLatestContent'> };
  readonly state: StateStore;
  readonly logger: Logger;
  /** Folders the spec's `$ref`s may reach; default: the repository holding the spec. */
  readonly scope?: ReadScope;
  /** Default {@link loadSpec}. */
  readonly load?: SpecLoader;
  /** Default `() => new Date()`. */
  readonly clock?: () => Date;
}

export interface PublishSpecOptions {
  /** Read, validate and plan; write nothing (no PUT, no state). */
  readonly dryRun?: boolean;
  /** Publish even when unchanged. */
  readonly force?: boolean;
  /** Read the live spec to catch drift. Default true; a dry run without a token turns it off. */
  readonly readLive?: boolean;
  readonly signal?: AbortSignal;
}

export interface SpecPublishResult {
  readonly slug: string;
  readonly organizationId: string;
  /** `planned` is a dry run that would publish. */
  readonly outcome: 'published' | 'skipped' | 'planned';
  readonly plan: SpecPublishPlan;
  readonly source:
    { readonly kind: 'file'; readonly file: string; readonly bytes: number; readonly files: number } | { readonly kind: 'url'; readonly url: string };
  readonly hash: string;
  /** Absolute paths of the root file and the files it references (empty for URL specs). */
  readonly referencedFiles: string[];
  /** The spec as the platform last answered (the PUT, or the read when skipped); null when absent. */
  readonly spec: OpenAPISpec | null;
}

/**
 * Publishes one spec target: validates and bundles a local file (before any request), reads the
 * live spec unless forced, and PUTs `{text}` or `{url}` unless {@link planSpecPublish} says it is unchanged
 * (from the state store's record, or else from the source of the platform's latest version).
 * State (hash, version) is saved only once the platform holds the spec, so a failed run is simply re-run.
 * @param target `file` must already be absolute.
 * @throws {SpecValidationError} for an invalid local file; {@link ApiError}s from the client.
 */
export async function publishSpec(deps: PublishSpecDeps, target: SpecTarget, options: PublishSpecOptions = {}): Promise<SpecPublishResult> {
  const { organizationId, slug } = target;
  const key = specStateKey(slug);
  const state = await deps.state.get(key);
  // Unchanged source files need no validation: hash them first, read the live spec, and skip when both agree.
  // (An invalid or changed file is still validated before any request.)
  const read = (): Promise<OpenAPISpec | null | undefined> =>
    options.readLive === false ? Promise.resolve(undefined) : readLive(deps, organizationId, slug, options.signal);
  const unread = options.force === true ? undefined : await unchangedSource(deps, target, state);
  let live: OpenAPISpec | null | undefined;
  if (unread !== undefined) {
    live = await read();
    const plan = planSpecPublish({ hash: unread.hash, state, live });
    if (plan.action === 'skip') return skipped(deps, { slug, organizationId, plan, ...unread }, live);
  }
  const input = await readSource(deps, target);
  // A forced publish has no use for the live spec (a forced dry run still reports it).
  if (unread === undefined && !(options.force === true && options.dryRun !== true)) live = await read();
  let plan = planSpecPublish({ hash: input.hash, state, live, force: options.force });
  // Without a record that settles it (a runner with no state), what the platform holds decides.
  if (plan.action === 'publish' && live && options.force !== true) {
    const sourceHash = await liveSourceHash(deps.api.openapi, target, live, options.signal);
    plan = planSpecPublish({ hash: input.hash, state, live, liveSourceHash: sourceHash });
    if (plan.action === 'skip' && options.dryRun !== true) await remember(deps, key, state, input, live.lastVersion);
  }
  const base = { slug, organizationId, plan, hash: input.hash, source: input.described, referencedFiles: input.referencedFiles };
  if (plan.action === 'skip') return skipped(deps, base, live);
  if (options.dryRun === true) {
    deps.logger.info({ spec: slug, organizationId, reason: plan.reason }, `DRY-RUN: would publish spec ${slug}`);
    return { ...base, outcome: 'planned', spec: live ?? null };
  }
  const spec = await deps.api.openapi.put(organizationId, slug, input.source, { signal: options.signal });
  await remember(deps, key, state, input, spec.lastVersion);
  deps.logger.info({ spec: slug, version: spec.lastVersion, reason: plan.reason }, 'spec published');
  return { ...base, outcome: 'published', spec };
}

interface SourceInput {
  readonly source: OpenAPISource;
  readonly hash: string;
  readonly described: SpecPublishResult['source'];
  readonly referencedFiles: string[];
  /** A local file's text and source fingerprint (absent for URL specs). */
  readonly text?: string;
  readonly sources?: SpecSources;
}

type UnreadSource = Pick<SpecPublishResult, 'hash' | 'source' | 'referencedFiles'>;

/** The last published hash, when the spec's source files are byte for byte those it was built from. */
async function unchangedSource(deps: PublishSpecDeps, target: SpecTarget, state: TargetState | undefined): Promise<UnreadSource | undefined> {
  const sources = state?.specSources;
  if (target.file === undefined || sources === undefined || state?.lastHash === undefined) return undefined;
  const scope = deps.scope ?? ReadScope.of(dirname(target.file));
  if (!(await sourcesUnchanged(target.file, sources, scope))) return undefined;
  const referencedFiles = sources.files.map((name) => resolve(dirname(target.file ?? ''), name));
  return { hash: state.lastHash, source: { kind: 'file', file: resolve(target.file), bytes: sources.bytes, files: sources.files.length }, referencedFiles };
}

/** Records that the platform's `version` holds `input`: the next run skips from its own state. */
async function remember(deps: PublishSpecDeps, key: string, state: TargetState | undefined, input: SourceInput, version: string | undefined): Promise<void> {
  await deps.state.set(key, {
    ...state,
    reviewersRequested: state?.reviewersRequested ?? [],
    lastHash: input.hash,
    lastVersion: version,
    specSources: input.sources ? { ...input.sources, bytes: Buffer.byteLength(input.text ?? '') } : undefined,
    syncedAt: (deps.clock ?? (() => new Date()))().toISOString(),
  });
}

function skipped(deps: PublishSpecDeps, base: Omit<SpecPublishResult, 'outcome' | 'spec'>, live: OpenAPISpec | null | undefined): SpecPublishResult {
  deps.logger.info({ spec: base.slug, reason: base.plan.reason }, 'spec unchanged, skipped');
  return { ...base, outcome: 'skipped', spec: live ?? null };
}

/** What a target sends. For a URL the platform fetches the content, so the URL itself is hashed. */
async function readSource(deps: PublishSpecDeps, target: SpecTarget): Promise<SourceInput> {
  if (target.file !== undefined) {
    const loaded = await (deps.load ?? loadSpec)(target.file, deps.scope);
    return {
      source: { text: loaded.text },
      text: loaded.text,
      sources: loaded.sources,
      hash: loaded.hash,
      described: { kind: 'file', file: loaded.file, bytes: Buffer.byteLength(loaded.text), files: loaded.referencedFiles.length },
      referencedFiles: loaded.referencedFiles,
    };
  }
  if (target.url === undefined) throw new TypeError(`spec "${target.slug}" has neither \`file\` nor \`url\``);
  return { source: { url: target.url }, hash: specHash(target.url), described: { kind: 'url', url: target.url }, referencedFiles: [] };
}

/** The live spec, or null when the platform has none by that slug. */
async function readLive(deps: PublishSpecDeps, organizationId: string, slug: string, signal: AbortSignal | undefined): Promise<OpenAPISpec | null> {
  try {
    return await deps.api.openapi.get(organizationId, slug, { signal });
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
}
