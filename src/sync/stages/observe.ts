import type { ChangeRequest } from '../../api/schemas/change-request.js';
import type { TargetState } from '../../state/state-store.js';
import { findDocsyncChangeRequest } from '../find-docsync-change-request.js';
import { planOnMerged } from '../pages/plan-changed-pages.js';
import type { PlannedDelivery } from '../pages/planned-delivery.js';
import { mainRevision } from '../platform-edits/main-revision.js';
import { syncedCommit } from '../platform-edits/synced-commit.js';
import type { PreparedContent } from '../prepared-content.js';
import { knownDelivery, resolveDelivery, type Delivery } from '../resolve-delivery.js';
import type { SyncRun } from './sync-run.js';

/** What a sync found on both sides before planning: git's docs, its state, and as much of the space as the plan needs. */
export interface Observation {
  readonly content: PreparedContent;
  readonly state: TargetState | undefined;
  readonly delivery: Delivery;
  /** Main's revision, read when git is unchanged and a base is kept: whether the platform moved it. */
  readonly main: { revision: string; moved: boolean } | undefined;
  /** Git unchanged and main where docsync left it: nothing more is read. */
  readonly unchanged: boolean;
  /** The changed pages planned against main as the last merge left it, nothing read (see {@link observe}). */
  readonly assumed: PlannedDelivery | undefined;
  /** docsync's open change request, when the plan needs to know it. */
  readonly live: ChangeRequest | undefined;
  /** The commit this sync records on its change request, being found beside the reads of the live side. */
  readonly syncedCommitRead: Promise<string | undefined>;
}

/**
 * Reads git's docs and docsync's state, and of the live side what the plan needs, the reads that do
 * not wait on each other side by side. `chosen` undefined: the delivery is resolved once the docs
 * were read, so bad input stops before any request.
 */
export async function observe(run: SyncRun, chosen: Delivery | undefined): Promise<Observation> {
  const { deps, target, options, signal, stopwatch, api, ahead, keepsBase } = run;
  const docsRead = stopwatch.time('readMs', () => deps.prepare(target, { signal }));
  // Awaited below; a failure of the state read first must not leave it unobserved.
  docsRead.catch(() => undefined);
  // What `delivery: auto` remembered is read beside the target's state: the early reads wait on both.
  const deliveryRead = chosen === undefined ? knownDelivery(deps.state, target) : Promise.resolve(chosen);
  deliveryRead.catch(() => undefined);
  // Local work the plan needs (a file store parses the whole state here): counted as the plan's.
  const state = await stopwatch.time('planMs', () => deps.state.get(run.key));
  // The docs changed since the last sync on today's API: the reads that do not wait on each other
  // start together (the change request in state's content beside its lookup, main's for the
  // platform-edits check beside the plan). In the daemon each round trip is time between a save and
  // the change request. Not without state: a runner without it may well find nothing to do. Where a
  // revision read before is kept (a daemon), the change request's and the space's own small reads
  // say whether it is still current, and its pages are not read again.
  const lookUp = (): Promise<ChangeRequest | undefined> => api(() => findDocsyncChangeRequest(deps.api, target.spaceId, target.name, state, signal));
  const readAhead = (): Promise<ChangeRequest | undefined> => {
    const changeRequestFound = lookUp();
    const known = state?.changeRequest?.id;
    if (known !== undefined)
      ahead.start({ spaceId: target.spaceId, changeRequest: known }, signal, async () =>
        (await changeRequestFound)?.id === known ? (await changeRequestFound)?.revision : undefined,
      );
    if (keepsBase) ahead.start({ spaceId: target.spaceId }, signal, async () => (await api(() => deps.api.spaces.get(target.spaceId, { signal }))).revision);
    return changeRequestFound;
  };
  // Files were seen changing: the live reads start beside the local read instead of after it (a save
  // that changed nothing then costs these reads, never a write).
  const changeRequestReadEarly = options.changeSeen === true && state?.lastHash !== undefined && (await deliveryRead) === 'changes' ? readAhead() : undefined;
  changeRequestReadEarly?.catch(() => undefined);
  const content = await docsRead;
  const delivery = (await deliveryRead) ?? (await resolveDelivery(deps, target, signal));
  // docsync's change request left open for review, which this run merges itself: not synced until merged.
  const waiting = state?.changeRequest !== undefined && (target.changeRequest.autoMerge || target.mode === 'direct');
  const synced = options.compareLive !== true && state?.lastHash === content.contentHash && !waiting;
  // Git unchanged: edits in the platform since are noticed by main's revision, the live content compared only when it moved.
  // A merge that landed this content left main at its revision: that one holds it too, so a no-op after it reads nothing more.
  const seen = [state?.seenRevision, state?.landed?.hash === content.contentHash ? state.landed.merged : undefined];
  const main = synced && keepsBase && state.base !== undefined ? await api(() => mainRevision(deps.api.spaces, target.spaceId, seen, signal)) : undefined;
  const unchanged = synced && main?.moved !== true;
  if (unchanged) ahead.drop();
  // With state, after a merge, git changed: the changed pages planned against main as that merge left it, nothing
  // read. The change request this run creates says whether main is still there (else MainMoved).
  const assumed =
    changeRequestReadEarly === undefined &&
    !synced &&
    delivery === 'changes' &&
    options.dryRun !== true &&
    options.compareLive !== true &&
    state?.changeRequest === undefined
      ? onMerged(content, state)
      : undefined;
  // Unchanged content opens no change request: only a sync that may write records its commit (under
  // `overwrite` too, whose warning a runner without state tells from it). Its git process runs beside
  // the reads of the live side (none when the read knows the commit).
  const commitKnown = content.commit !== undefined || content.checkedOut !== undefined;
  const syncedCommitRead = !unchanged
    ? commitKnown
      ? syncedCommit(target, content, signal)
      : stopwatch.time('readMs', () => syncedCommit(target, content, signal))
    : Promise.resolve(undefined);
  syncedCommitRead.catch(() => undefined);
  const changeRequestRead =
    changeRequestReadEarly ?? (!unchanged && assumed === undefined && state?.lastHash !== undefined && delivery === 'changes' ? readAhead() : undefined);
  const live = unchanged || assumed !== undefined || (target.mode === 'direct' && delivery === 'import') ? undefined : await (changeRequestRead ?? lookUp());
  return { content, state, delivery, main, unchanged, assumed, live, syncedCommitRead };
}

/**
 * {@link planOnMerged}, unless a changed page went live with other content than git's (kept from the
 * platform, merged): that one the platform-edits check settles.
 */
function onMerged(content: PreparedContent, state: TargetState | undefined): PlannedDelivery | undefined {
  const planned = planOnMerged(content, state);
  // Nothing to send creates no change request, which alone would say whether main is still there.
  if (planned === undefined || planned.plan.changes.length === 0) return undefined;
  const held = planned.diff.changed.some((path) => state?.base?.pages.get(path)?.live !== undefined);
  return held ? undefined : planned;
}
