import type { OpenAPISpec } from '../api/schemas/openapi.js';
import type { TargetState } from '../state/state-store.js';

export interface SpecPublishPlanInput {
  /** Hash of what would be sent (spec text, or URL string). */
  readonly hash: string;
  /** What the state store remembers for this spec. */
  readonly state: Pick<TargetState, 'lastHash' | 'lastVersion'> | undefined;
  /** The spec on the platform: null when it does not exist, undefined when not read. */
  readonly live?: Pick<OpenAPISpec, 'lastVersion' | 'processingState' | 'lastProcessErrorCode'> | null;
  /**
   * Hash of the source the platform's latest version was made from (its text, or its URL), in the
   * terms of {@link hash}: undefined when not read or not told by the platform.
   */
  readonly liveSourceHash?: string;
  /** Publish even when nothing changed. */
  readonly force?: boolean;
}

export type SpecPublishPlan = { readonly action: 'publish' | 'skip'; readonly reason: string };

/**
 * Whether a spec needs a PUT. Hashes decide, not timestamps. What the platform holds decides first:
 * the source of its latest version, when known, is compared with what would be sent, so a runner
 * without local state makes zero writes for an unchanged spec. Otherwise the state store's record
 * of the last publish decides. A spec missing on the platform, or whose last fetch failed (transient
 * by nature), is published again.
 */
export function planSpecPublish(input: SpecPublishPlanInput): SpecPublishPlan {
  const { hash, state, live, liveSourceHash } = input;
  if (input.force === true) return { action: 'publish', reason: 'forced' };
  if (live === null) return { action: 'publish', reason: 'not on the platform yet' };
  if (liveSourceHash !== undefined) {
    if (liveSourceHash !== hash) return { action: 'publish', reason: 'the platform holds a different version of the spec' };
  } else {
    if (state?.lastHash === undefined) return { action: 'publish', reason: 'no record of an earlier publish' };
    if (state.lastHash !== hash) return { action: 'publish', reason: 'changed since the last publish' };
    if (live && state.lastVersion !== undefined && live.lastVersion !== state.lastVersion) {
      return {
        action: 'publish',
        reason: `the platform's latest version (${live.lastVersion ?? 'none'}) is not the one docsync published (${state.lastVersion})`,
      };
    }
  }
  if (live?.processingState === 'complete' && (live.lastProcessErrorCode === 'FETCH_ERROR' || live.lastProcessErrorCode === 'FETCH_TIMEOUT')) {
    return { action: 'publish', reason: `the last fetch failed (${live.lastProcessErrorCode}); trying again` };
  }
  return { action: 'skip', reason: liveSourceHash === undefined ? 'unchanged since the last publish' : 'the platform already holds this spec' };
}
