import { handleKey, type PlannedChange } from './page-plan.js';

/** What one batch needs before it may be sent, and what it may not share with batches in flight. */
export interface BatchNeeds {
  /** Refs of pages inserted by earlier batches: their answers must be in. */
  readonly refs: readonly string[];
  /** Parents whose children it inserts (as handle keys): sibling indexes hold only one batch at a time. */
  readonly parents: readonly string[];
  /**
   * Sent alone, after every earlier batch landed and before any later one: files (later pages link
   * them by id), moves and deletions (they shift indexes a plan computed in order), new slugs (two
   * pages may trade theirs).
   */
  readonly alone: boolean;
}

/** The needs of a batch, from its changes. */
export function batchNeeds(batch: readonly PlannedChange[]): BatchNeeds {
  const refs = new Set<string>();
  const parents = new Set<string>();
  let alone = false;
  for (const change of batch) {
    if (change.kind === 'insert-page') {
      if (change.parent?.ref !== undefined) refs.add(change.parent.ref);
      parents.add(handleKey(change.parent));
    } else if (change.kind !== 'update-page' || change.move !== undefined || change.slug !== undefined) alone = true;
  }
  return { refs: [...refs], parents: [...parents], alone };
}

/**
 * Whether the next batch of the plan may be sent now, given the batches in flight (all earlier in
 * the plan) and the refs answered so far. Order is kept wherever it matters (see {@link BatchNeeds});
 * batches that insert under different, existing parents, or only rewrite documents, do not depend
 * on each other and go side by side.
 */
export function maySend(needs: BatchNeeds, inFlight: readonly BatchNeeds[], answered: ReadonlySet<string>): boolean {
  if (needs.alone) return inFlight.length === 0;
  if (inFlight.some((other) => other.alone)) return false;
  if (!needs.refs.every((ref) => answered.has(ref))) return false;
  return !inFlight.some((other) => other.parents.some((parent) => needs.parents.includes(parent)));
}

/** How many batches may be in flight, and what bounds it. */
export interface InFlightLimits {
  /** Most batches side by side, whatever the rate limit leaves. */
  readonly max: number;
  /** Batches side by side while the API has said nothing of its rate limit. */
  readonly unknown: number;
}

/**
 * Batches that may be in flight, following the API's rate limit: as many as the requests left in its
 * window (`X-RateLimit-Remaining`, less the calls already sent in it) up to `max`, so a nearby API's
 * limit is kept busy and a far one's is not overrun; at least one, so the window's reset is seen.
 */
export function batchesInFlight(remaining: number | undefined, limits: InFlightLimits): number {
  const allowed = remaining ?? limits.unknown;
  return Math.max(1, Math.min(limits.max, allowed));
}
