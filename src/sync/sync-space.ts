import { setImmediate as nextTurn } from 'node:timers/promises';
import type { ApiClient } from '../api/api-client.js';
import { ApiError } from '../api/errors/api-error.js';
import type { ChangeRequest } from '../api/schemas/change-request.js';
import type { Page } from '../api/schemas/content.js';
import type { PageNode } from '../content/docs-snapshot.js';
import { ArtifactStoreError } from '../artifacts/errors/artifact-store-error.js';
import { SnapshotStaleError } from '../content/errors/snapshot-stale-error.js';
import type { ArtifactStore, PublishedArtifact } from '../artifacts/artifact-store.js';
import type { SpaceTarget } from '../config/config-schema.js';
import type { Logger } from '../logging/logger.js';
import type { StateStore, TargetState } from '../state/state-store.js';
import type { ContentExpectation } from '../content/content-expectation.js';
import { verifyContent, type Verification } from '../content/verify-content.js';
import { checkDeletions, type MaxDeletions } from './deletion-guard.js';
import { ImportVerificationError } from './errors/import-verification-error.js';
import { bundleExpectation } from './bundle-expectation.js';
import { changeRequestSubject, type CommitInfo } from './change-request-subject.js';
import { findDocsyncChangeRequest, listDocsyncChangeRequests } from './find-docsync-change-request.js';
import type { PreparedContent } from './prepared-content.js';
import { describeAction, planSpaceSync, type SpaceSyncPlan } from './space-sync-plan.js';
import { pageDiff, type PageDiff } from './page-diff.js';
import { settleByMeaning } from './settle-by-meaning.js';
import { importPublished, publishBundle } from './publish-bundle.js';
import { SyncStopwatch, type SyncTimings } from './sync-stopwatch.js';
import { SupersededError } from './errors/superseded-error.js';
import type { WriteFence } from './write-fence.js';
import { rememberDelivery, resolveDelivery, type Delivery } from './resolve-delivery.js';
import { NotFoundError } from '../api/errors/not-found-error.js';
import { deliverPages } from './pages/deliver-pages.js';
import { planDelivery, type PlannedDelivery } from './pages/plan-delivery.js';
import type { PagePlan } from './pages/page-plan.js';
import { nextBase } from './platform-edits/next-base.js';
import { settlePlatformEdits, type SettledEdits } from './platform-edits/settle-platform-edits.js';
import type { KeptPage } from './platform-edits/keep-platform-edits.js';

export interface SyncSpaceDeps {
  api: Pick<ApiClient, 'changeRequests' | 'content' | 'information'>;
  artifacts: ArtifactStore;
  state: StateStore;
  logger: Logger;
  /** Reads, hashes and (lazily) bundles a target's docs; `signal` ends the git processes it runs. */
  prepare(target: SpaceTarget, options?: { signal?: AbortSignal | undefined }): Promise<PreparedContent>;
  now?: () => Date;
}

export interface SyncSpaceOptions {
  dryRun?: boolean;
  /** `sync.maxDeletions`: more live pages removed stops the sync before any write. Default: no limit. */
  maxDeletions?: MaxDeletions | undefined;
  /** `--allow-deletions`: remove them anyway. */
  allowDeletions?: boolean | undefined;
  signal?: AbortSignal;
  /**
   * Checked right before each write, and makes the sync confirm after its import that it imported
   * the newest docs (`SupersededError` otherwise). Given by queue jobs, where workers race.
   */
  fence?: WriteFence;
  /**
   * Compare with the live content even when the state says this content was synced: the reconcile
   * loop heals drift, and a superseded run may have imported older content after the newest.
   */
  compareLive?: boolean;
}

export type SpaceSyncOutcome = 'skipped' | 'planned' | 'created' | 'updated' | 'merged' | 'imported' | 'conflict';

/** Merge or update-from-main answered `conflicts`: the change request stays open for a person to resolve. */
export interface SyncConflict {
  operation: 'merge' | 'update-from-main';
  /** What happened and what to do, naming the change request and its URL. */
  message: string;
}

export interface SpaceSyncResult {
  target: string;
  outcome: SpaceSyncOutcome;
  contentHash: string;
  pageCount: number;
  plan: SpaceSyncPlan;
  changeRequest?: { id: string; number: number; url?: string | undefined };
  /** Pages the platform imported, as it reported them. */
  imported?: { revision: string; importedResources: number; totalResources: number };
  /** How the content was written, and for change batches how many went in how many calls. */
  delivery: Delivery;
  delivered?: { changes: number; batches: number };
  /** Set when the outcome is `conflict`. */
  conflict?: SyncConflict;
  /** What the import would change (a dry run), or changed, versus the live content before it. */
  diff?: PageDiff;
  warnings: string[];
  /** The commit the content came from; absent for the working tree. */
  commit?: CommitInfo;
  /** Pages changed in the platform that this sync kept in git before overwriting them (`platformEdits`). */
  platformEdits?: PlatformEditsResult;
  /** Where the time went. */
  timings: SyncTimings;
}

/** Where the platform's versions of pages went, and what became of each. */
export interface PlatformEditsResult {
  branch: string;
  remote: string;
  /** The branch's commit holding them; absent in a dry run, or when git holds them already. */
  commit?: string;
  pages: readonly KeptPage[];
  /** Pages both sides changed in the same lines: committed with conflict markers. */
  conflicts: number;
}

export const stateKey = (target: string): string => `space:${target}`;

/**
 * One sync of a space target: read and hash the docs, read what is live, plan, then apply. Every
 * step is safe to repeat: a job retried after a crash converges on the same end state.
 *
 * What was last synced is read from the API, not only from local state: a runner without
 * `.docsync/` finds docsync's change request by its marker and compares the live content (that
 * change request's, else the space's) with the bundle by page and file path and git blob id, in one
 * read (and a page whose blob id differs by what it says). Equal means nothing to write; a hand edit
 * in the space makes them differ, so it is synced.
 */
export async function syncSpace(deps: SyncSpaceDeps, target: SpaceTarget, options: SyncSpaceOptions = {}): Promise<SpaceSyncResult> {
  try {
    return await syncSpaceBy(deps, target, undefined, options);
  } catch (error) {
    if (!(error instanceof BatchesUnavailable)) throw error;
    // `auto` on an API without change batches: remembered, so later runs import at once.
    deps.logger.info({ target: target.name }, 'the API has no content batches for change requests: importing the docs as a zip instead (delivery: import)');
    await rememberDelivery(deps.state, 'import');
    return syncSpaceBy(deps, target, 'import', options);
  }
}

/** A content batch answered 404 while its change request exists: the API lacks the operation. */
class BatchesUnavailable extends Error {
  override readonly name = 'BatchesUnavailable';
}

/** `chosen` undefined: resolved once the docs were read, so bad input stops before any request. */
async function syncSpaceBy(deps: SyncSpaceDeps, target: SpaceTarget, chosen: Delivery | undefined, options: SyncSpaceOptions): Promise<SpaceSyncResult> {
  const { signal } = options;
  const stopwatch = new SyncStopwatch();
  const key = stateKey(target.name);
  const api = <T>(call: () => Promise<T>): Promise<T> => stopwatch.time('apiMs', call);
  const write = async <T>(call: () => Promise<T>): Promise<T> => {
    await options.fence?.check();
    return api(call);
  };
  const saveState = async (state: TargetState): Promise<void> => {
    await options.fence?.check();
    await deps.state.set(key, state);
  };
  const content = await stopwatch.time('readMs', () => deps.prepare(target, { signal }));
  const delivery = chosen ?? (await resolveDelivery(deps, target, signal));
  const state = await deps.state.get(key);
  const subject = changeRequestSubject(target.changeRequest.subject, target.name, content.commit);
  const unchanged = options.compareLive !== true && state?.lastHash === content.contentHash;
  const live =
    unchanged || (target.mode === 'direct' && delivery === 'import')
      ? undefined
      : await api(() => findDocsyncChangeRequest(deps.api, target.spaceId, target.name, state, signal));
  // This content already met conflicts in that change request: unresolved while it stays open, so
  // the daemon's reconcile passes report it again without another merge attempt.
  if (!unchanged && live && state?.conflict?.hash === content.contentHash && state.conflict.changeRequest === live.number) {
    const cr = { id: live.id, number: live.number, url: live.urls.app };
    const conflict = conflictOf(state.conflict.operation, cr, target.name);
    deps.logger.warn({ target: target.name, changeRequest: live.number }, conflict.message);
    const plan = { target: target.name, skipReason: `change request #${live.number} has unresolved conflicts`, changeRequest: { id: live.id, number: live.number }, actions: [] };
    return { ...resultBase(target, content, plan, delivery), outcome: 'conflict', changeRequest: cr, conflict, timings: stopwatch.timings() };
  }
  // Today's API: the page-level plan against the change request's content (the space's before one exists).
  const planned =
    unchanged || delivery === 'import'
      ? undefined
      : await superseding(target.name, () =>
          api(() => planDelivery(deps.api, live ? { spaceId: target.spaceId, changeRequest: live.id } : { spaceId: target.spaceId }, content, state?.delivered, signal)),
        );
  for (const warning of planned?.plan.warnings ?? []) deps.logger.warn({ target: target.name }, warning);
  const expectation = unchanged || delivery === 'changes' ? undefined : await superseding(target.name, () => bundleExpectation(content));
  const liveContent = expectation && (await api(() => compareWithLive(deps, target, content, expectation, live, signal, { byMeaning: true })));
  const liveMatches = planned ? planned.plan.changes.length === 0 : liveContent?.ok;
  const plan = planSpaceSync({
    target,
    contentHash: content.contentHash,
    subject,
    state,
    liveChangeRequest: live,
    liveMatches,
    ...(delivery === 'changes' ? { delivery: { changes: planned?.plan.changes.length ?? 0, summary: summarize(planned?.plan) } } : {}),
  });
  const base = resultBase(target, content, plan, delivery);
  const diffOfLive = (): { diff?: PageDiff } => (planned ? { diff: planned.diff } : liveContent ? { diff: pageDiff(liveContent, liveContent.titles) } : {});

  const keepsBase = target.platformEdits !== 'overwrite';
  // Every page of git by path and blob id: what the platform's pages are compared with, and the next base.
  let expecting: Promise<ContentExpectation & { kind: 'exact' }> | undefined = expectation && Promise.resolve(expectation);
  const expected = (): Promise<ContentExpectation & { kind: 'exact' }> => (expecting ??= superseding(target.name, () => bundleExpectation(content)));
  // The base once this content is live: unchanged content keeps the one saved with it, unread.
  const baseOf = async (): Promise<TargetState['base']> =>
    state?.base !== undefined && state.lastHash === content.contentHash ? state.base : nextBase(content, (await expected()).pages, state?.base);
  const skip = async (reason: string | undefined, liveIsGit: boolean, extra: Partial<SpaceSyncResult> = {}): Promise<SpaceSyncResult> => {
    deps.logger.info({ target: target.name, reason }, 'sync skipped');
    const known = live ? { id: live.id, number: live.number, url: live.urls.app } : state?.changeRequest;
    // Found live rather than in state: remember it, so the next run on this runner makes no call.
    if (liveIsGit && !options.dryRun) {
      const { changeRequest: _stale, ...kept } = state ?? { reviewersRequested: [] };
      await deps.state.set(key, {
        ...kept,
        ...(live ? { changeRequest: { id: live.id, number: live.number } } : {}),
        lastHash: content.contentHash,
        ...(content.commit ? { lastCommit: content.commit.oid } : {}),
        // The base is what main holds: content waiting in an open change request is not it yet.
        ...(keepsBase && !live ? { base: await baseOf() } : {}),
        syncedAt: (deps.now ?? (() => new Date()))().toISOString(),
      });
    }
    return { ...base, outcome: 'skipped', ...(known ? { changeRequest: known } : {}), ...extra, timings: stopwatch.timings() };
  };
  if (plan.actions.length === 0) return skip(plan.skipReason, liveMatches === true);
  // Before the first write, and in a dry run too: a SUMMARY.md that lost its entries must not empty the space.
  const { diff } = diffOfLive();
  if (diff && options.maxDeletions !== undefined && options.allowDeletions !== true && plan.actions.some((action) => action.kind === 'import' || action.kind === 'deliver')) {
    checkDeletions(target.name, diff, options.maxDeletions);
  }
  // The import refuses a bundle over its limit: checked before the first write (no empty change
  // request left behind) and in a dry run, which so predicts the refusal.
  if (plan.actions.some((action) => action.kind === 'import')) await content.checkImportSize(target.import.maxBytes);
  // Before anything is overwritten: pages edited in the platform go to git first (or stay, `adopt`).
  let settled: SettledEdits | undefined;
  if (keepsBase && plan.actions.some((action) => action.kind === 'import' || action.kind === 'deliver')) {
    const pages = (await expected()).pages;
    settled = await api(() => settlePlatformEdits(deps.api.content, target, content, pages, { base: state?.base, delivered: state?.delivered?.pages }, { dryRun: options.dryRun, signal }));
    const filesDiffer = planned ? planned.plan.changes.some((change) => change.kind === 'insert-files') : liveFilesDiffer(liveContent);
    if (settled.nothingToWrite && !filesDiffer) return skip('the live pages are what git holds, or what this sync keeps', true, platformEditsOf(settled));
  }
  const platformEdits = platformEditsOf(settled);
  if (options.dryRun) {
    for (const action of plan.actions) deps.logger.info({ target: target.name }, `DRY-RUN: would ${describeAction(action)}`);
    return {
      ...base,
      outcome: 'planned',
      ...platformEdits,
      ...diffOfLive(),
      ...(plan.changeRequest ? { changeRequest: plan.changeRequest } : {}),
      timings: stopwatch.timings(),
    };
  }

  const now = deps.now ?? (() => new Date());
  let current: TargetState = {
    ...(state ?? { reviewersRequested: [] }),
    ...(live ? { changeRequest: { id: live.id, number: live.number } } : {}),
  };
  if (live && state?.changeRequest?.id !== live.id) current.reviewersRequested = [];
  let cr = live ? { id: live.id, number: live.number, url: live.urls.app } : undefined;
  let outcome: SpaceSyncOutcome = live ? 'updated' : 'imported';
  let imported: SpaceSyncResult['imported'];
  let delivered: SpaceSyncResult['delivered'];
  // The page plan was made from this content: still current unless main was pulled into it.
  let plannedFor: PlannedDelivery | undefined = planned;
  let conflict: SyncConflict | undefined;
  // Published before the first write: a store that fails leaves no change request behind.
  let artifact: PublishedArtifact | undefined;
  if (plan.actions.some((action) => action.kind === 'import')) {
    const bundle = await superseding(target.name, () => stopwatch.time('bundleMs', () => content.bundle()));
    // Where workers race, the bundle is served only while this run owns its job: a worker paused with
    // its import in flight must not land older docs after a newer run's.
    const fence = options.fence;
    const stillWanted = fence && ((): Promise<boolean> => fence.check().then(() => true, () => false));
    artifact = await stopwatch.time('uploadMs', () => publishBundle(deps.artifacts, bundle, `${target.name}.zip`, signal, stillWanted));
  }

  // Set once this run opened a change request and until content went into it: a failure in between
  // archives it, so no empty change request is left behind for the next run to find.
  let createdEmpty: { id: string; number: number } | undefined;
  try {
    for (const action of plan.actions) {
      if (conflict) break;
      deps.logger.info({ target: target.name }, describeAction(action));
      switch (action.kind) {
        case 'create-change-request': {
          const created = await write(() => deps.api.changeRequests.create(target.spaceId, { subject: action.subject }, { signal }));
          const kept = await write(() => keepOldest(deps, target, created, signal));
          cr = { id: kept.id, number: kept.number, url: kept.urls.app };
          // Saved at once: a crash before the import must find this change request, not open another.
          current = { ...current, changeRequest: { id: kept.id, number: kept.number }, reviewersRequested: [] };
          await saveState(current);
          outcome = kept.id === created.id ? 'created' : 'updated';
          if (kept.id === created.id) createdEmpty = { id: created.id, number: created.number };
          break;
        }
        case 'update-from-main': {
          const updated = await write(() => deps.api.changeRequests.updateFromMain(target.spaceId, action.changeRequest, { signal }));
          if (updated.result !== 'update') conflict = conflictOf('update-from-main', requireCr(cr), target.name, updated.result);
          plannedFor = undefined;
          break;
        }
        case 'set-subject':
          await write(() => deps.api.changeRequests.update(target.spaceId, action.changeRequest, { subject: action.subject }, { signal }));
          break;
        case 'import': {
          const into = action.into === 'space' ? { spaceId: target.spaceId } : { spaceId: target.spaceId, changeRequest: requireCr(cr).id };
          try {
            imported = await write(() => importPublished(deps.api, deps.artifacts, into, required(artifact), signal, now));
          } catch (error) {
            // Refused (4xx, or the bundle not fetched) means nothing was imported; anything else may have landed.
            if (!refused(error)) createdEmpty = undefined;
            throw error;
          }
          createdEmpty = undefined;
          // Read back before anything merges: an import that left pages out is a failure, never "imported, 0 pages".
          const landed = await api(() => compareWithLive(deps, target, content, required(expectation), into.changeRequest === undefined ? undefined : requireCr(cr), signal));
          if (!landed.ok) {
            const destination = into.changeRequest === undefined ? { kind: 'space' as const, spaceId: target.spaceId } : { kind: 'change-request' as const, number: requireCr(cr).number };
            throw new ImportVerificationError(destination, landed);
          }
          // Where workers race, a paused one may have sent its import after a newer one landed.
          if (options.fence) await confirmNewest(() => stopwatch.time('readMs', () => deps.prepare(target, { signal })), content.contentHash, target.name);
          break;
        }
        case 'deliver': {
          const into = requireCr(cr);
          let result;
          try {
            result = await api(() => deliverPages(deps, {
              spaceId: target.spaceId,
              changeRequest: into,
              content,
              delivered: current.delivered,
              planned: plannedFor,
              beforeBatch: options.fence ? () => options.fence?.check() ?? Promise.resolve() : undefined,
              save: async (landed) => {
                createdEmpty = undefined; // a batch landed: the change request holds content now
                current = { ...current, delivered: landed };
                await saveState(current);
              },
              signal,
            }));
          } catch (error) {
            if (target.delivery === 'auto' && error instanceof NotFoundError && (await batchesMissing(deps, target, into.id, signal))) throw new BatchesUnavailable('no content batches', { cause: error });
            throw error;
          }
          delivered = { changes: result.changes, batches: result.batches };
          // Where workers race, a paused one may have sent its batches after a newer one landed.
          if (options.fence) await confirmNewest(() => stopwatch.time('readMs', () => deps.prepare(target, { signal })), content.contentHash, target.name);
          break;
        }
        case 'request-reviewers':
          await write(() => deps.api.changeRequests.requestReviewers(target.spaceId, requireCr(cr).id, { users: action.users }, { signal }));
          current = { ...current, reviewersRequested: [...current.reviewersRequested, ...action.users] };
          break;
        case 'merge': {
          // Only `merge` means merged; `conflicts` (or anything new) leaves the change request open.
          const merged = await write(() => deps.api.changeRequests.merge(target.spaceId, requireCr(cr).id, { signal }));
          if (merged.result === 'merge') outcome = 'merged';
          else conflict = conflictOf('merge', requireCr(cr), target.name, merged.result);
          break;
        }
      }
    }
  } catch (error) {
    const empty = createdEmpty;
    // Superseded: whoever owns the target now may be filling that change request; leave it.
    if (empty && !(error instanceof SupersededError)) await api(() => archiveEmpty(deps, target, key, empty, error, signal));
    throw error;
  }

  if (conflict) {
    const open = requireCr(cr);
    deps.logger.warn({ target: target.name, changeRequest: open.number }, conflict.message);
    // Not recorded as synced: once the conflict is resolved, the next run carries on.
    await saveState({ ...current, conflict: { hash: content.contentHash, changeRequest: open.number, operation: conflict.operation } });
    return { ...base, outcome: 'conflict', changeRequest: open, conflict, ...(imported ? { imported } : {}), ...(delivered ? { delivered } : {}), ...platformEdits, timings: stopwatch.timings() };
  }

  const merged = outcome === 'merged';
  const { changeRequest: _previous, conflict: _resolved, ...rest } = current;
  current = {
    ...(merged ? { ...rest, reviewersRequested: [] } : { ...rest, ...(current.changeRequest ? { changeRequest: current.changeRequest } : {}) }),
    lastHash: content.contentHash,
    ...(content.commit ? { lastCommit: content.commit.oid } : {}),
    // The base is what main holds: content left in an open change request is not it yet.
    ...(keepsBase && (merged || outcome === 'imported') ? { base: await baseOf() } : {}),
    syncedAt: now().toISOString(),
  };
  await saveState(current);
  return { ...base, outcome, ...(cr ? { changeRequest: cr } : {}), ...(imported ? { imported } : {}), ...(delivered ? { delivered } : {}), ...diffOfLive(), ...platformEdits, timings: stopwatch.timings() };
}

function platformEditsOf(settled: SettledEdits | undefined): { platformEdits?: PlatformEditsResult } {
  const kept = settled?.kept;
  if (kept === undefined) return {};
  const conflicts = kept.pages.filter((page) => page.outcome === 'conflict').length;
  return { platformEdits: { branch: kept.branch, remote: kept.remote, ...(kept.commit === undefined ? {} : { commit: kept.commit }), pages: kept.pages, conflicts } };
}

/** Whether the live files (assets) differ from the bundle's. */
function liveFilesDiffer(live: Verification | undefined): boolean {
  const files = live?.diff?.files;
  return files !== undefined && files.missing.length + files.changed.length + files.unexpected.length > 0;
}

/** What every result of a sync says: the target, what was read, the plan. */
function resultBase(
  target: SpaceTarget,
  content: PreparedContent,
  plan: SpaceSyncPlan,
  delivery: Delivery,
): Pick<SpaceSyncResult, 'target' | 'contentHash' | 'pageCount' | 'plan' | 'warnings' | 'commit' | 'delivery'> {
  return {
    target: target.name,
    delivery,
    contentHash: content.contentHash,
    pageCount: content.pageCount,
    plan,
    warnings: content.warnings,
    ...(content.commit ? { commit: content.commit } : {}),
  };
}

/** Counts of a page plan, for the plan's one line. */
function summarize(plan: PagePlan | undefined): string {
  const count = (kind: string): number => plan?.changes.filter((change) => change.kind === kind).length ?? 0;
  const files = plan?.changes.reduce((n, change) => n + (change.kind === 'insert-files' ? change.files.length : 0), 0) ?? 0;
  return `${count('insert-page')} new, ${count('update-page')} updated or moved, ${count('delete-page')} deleted, ${files} file${files === 1 ? '' : 's'}`;
}

/** A batch answered 404: the change request is still there, so it is the operation that is missing. */
async function batchesMissing(deps: SyncSpaceDeps, target: SpaceTarget, changeRequest: string, signal: AbortSignal | undefined): Promise<boolean> {
  try {
    await deps.api.changeRequests.get(target.spaceId, changeRequest, { signal });
    return true;
  } catch {
    return false;
  }
}

/** Reads the docs again: content other than what was just imported means this import is not the newest. */
async function confirmNewest(read: () => Promise<PreparedContent>, imported: string, target: string): Promise<void> {
  const newest = (await read()).contentHash;
  if (newest !== imported) {
    throw new SupersededError(`the docs of ${target} changed while they were imported (${imported.slice(0, 12)} imported, ${newest.slice(0, 12)} now); syncing the newest again`);
  }
}

/**
 * Runs a step that reads the docs again: a file no longer as the snapshot read it means a newer edit
 * owns the target, so the sync stops before any write and the newest docs are synced next.
 */
async function superseding<T>(target: string, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (!(error instanceof SnapshotStaleError)) throw error;
    throw new SupersededError(`${error.path} changed while the docs of ${target} were read; this sync wrote nothing, the next one carries the newest docs`, { cause: error });
  }
}

/** The API refused the import, so nothing of it landed. */
function refused(error: unknown): boolean {
  if (error instanceof ArtifactStoreError) return error.failure === 'not-fetched';
  return error instanceof ApiError && error.status !== undefined && error.status >= 400 && error.status < 500;
}

/**
 * The run gives up on a change request it opened and put nothing into: archive it (best effort) and
 * forget it, so the next run starts clean instead of reusing an empty draft.
 */
async function archiveEmpty(
  deps: SyncSpaceDeps,
  target: SpaceTarget,
  key: string,
  cr: { id: string; number: number },
  cause: unknown,
  signal: AbortSignal | undefined,
): Promise<void> {
  try {
    await deps.api.changeRequests.update(target.spaceId, cr.id, { status: 'archived' }, { signal });
    const state = await deps.state.get(key);
    if (state?.changeRequest?.id === cr.id) {
      const { changeRequest: _archived, ...rest } = state;
      await deps.state.set(key, { ...rest, reviewersRequested: [] });
    }
    deps.logger.info({ target: target.name, changeRequest: cr.number, err: (cause as Error).message }, `archived the empty change request #${cr.number} this run opened`);
  } catch (error) {
    deps.logger.warn({ target: target.name, changeRequest: cr.number, err: (error as Error).message }, `could not archive the empty change request #${cr.number}; the next run reuses it`);
  }
}

function conflictOf(operation: SyncConflict['operation'], cr: { number: number; url?: string | undefined }, target: string, result = 'conflicts'): SyncConflict {
  const where = cr.url === undefined ? '' : ` (${cr.url})`;
  return {
    operation,
    message:
      `${operation === 'merge' ? 'merging' : 'updating from main'} change request #${cr.number}${where} answered "${result}": the space's main content ` +
      `changed the same pages since. docsync left the change request open. Resolve the conflicts and merge it in the platform, ` +
      `or archive it so that the next sync of ${target} starts again from the current main content.`,
  };
}

/**
 * The live content (docsync's change request's, else the space's) versus the bundle: one read for
 * pages and files together; `byMeaning`, one more per page whose bytes differ, to tell whether it says the same.
 */
async function compareWithLive(
  deps: SyncSpaceDeps,
  target: SpaceTarget,
  content: PreparedContent,
  expectation: ContentExpectation,
  live: { id: string } | undefined,
  signal: AbortSignal | undefined,
  options: { byMeaning?: boolean } = {},
): Promise<Verification & { titles: Record<string, string> }> {
  const into = live ? { spaceId: target.spaceId, changeRequest: live.id } : { spaceId: target.spaceId };
  const revision = await deps.api.content.getRevision(into, { signal });
  let verification = verifyContent(expectation, revision.pages, revision.files);
  const changed = verification.diff?.changed ?? [];
  // Before an import only: what landed from docsync's own bundle holds its very bytes.
  if (options.byMeaning === true && changed.length > 0 && expectation.kind === 'exact') {
    verification = verifyContent(await settleByMeaning(deps.api, into, content, expectation, revision, changed, signal), revision.pages, revision.files);
  }
  // Each of these takes 20–30 ms on 10,000 pages: timers and sockets run between them.
  await nextTurn();
  return { ...verification, titles: pageTitles(content.snapshot.pages, revision.pages) };
}

/** Page titles by source path: the live ones, then the local ones over them (what the import brings). */
function pageTitles(local: PreparedContent['snapshot']['pages'], live: readonly Page[]): Record<string, string> {
  const titles: Record<string, string> = {};
  const walkLive = (pages: readonly Page[]): void => {
    for (const page of pages) {
      // Keyed as verification names pages: by source path, or marked as made in the editor.
      if (page.git?.path !== undefined) titles[page.git.path] = page.title;
      else if (page.type === 'document') titles[`(no source file) ${page.path ?? page.id}`] = page.title;
      walkLive(page.pages ?? []);
    }
  };
  walkLive(live);
  const walkLocal = (pages: readonly PageNode[]): void => {
    for (const page of pages) {
      titles[page.path] = page.title;
      walkLocal(page.children);
    }
  };
  for (const group of local) walkLocal(group.pages);
  return titles;
}

/**
 * Two runs that found no change request each open one. After creating, list again: every run keeps
 * the oldest, and one that created a newer one archives it, so the space ends with one.
 */
async function keepOldest(deps: SyncSpaceDeps, target: SpaceTarget, created: ChangeRequest, signal: AbortSignal | undefined): Promise<ChangeRequest> {
  const oldest = (await listDocsyncChangeRequests(deps.api, target.spaceId, target.name, signal))[0];
  if (oldest === undefined || oldest.number >= created.number) return created;
  deps.logger.info({ target: target.name }, `another run opened change request #${oldest.number} meanwhile: archiving #${created.number} and using #${oldest.number}`);
  await deps.api.changeRequests.update(target.spaceId, created.id, { status: 'archived' }, { signal });
  return oldest;
}

function requireCr<T>(cr: T | undefined): T {
  if (cr === undefined) throw new Error('Internal error: the plan acts on a change request before creating one.');
  return cr;
}

function required<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('Internal error: an import without a published bundle or its expectation.');
  return value;
}
