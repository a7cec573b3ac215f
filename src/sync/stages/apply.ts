import { ApiError } from '../../api/errors/api-error.js';
import { NotFoundError } from '../../api/errors/not-found-error.js';
import { ArtifactStoreError } from '../../artifacts/errors/artifact-store-error.js';
import type { PublishedArtifact } from '../../artifacts/artifact-store.js';
import type { BasePage, TargetState } from '../../state/state-store.js';
import { archiveEmpty } from '../archive-empty.js';
import { BatchesUnavailable, batchesMissing } from '../batches-unavailable.js';
import { compareWithLive } from '../compare-with-live.js';
import { ImportVerificationError } from '../errors/import-verification-error.js';
import { SupersededError } from '../errors/superseded-error.js';
import { keepOldest } from '../keep-oldest.js';
import { MainMoved } from '../main-moved.js';
import { mainRevision } from '../platform-edits/main-revision.js';
import type { ChangeRequest } from '../../api/schemas/change-request.js';
import { ChangeRequestBehindMain } from '../change-request-behind-main.js';
import { deliverPages } from '../pages/deliver-pages.js';
import type { PlannedDelivery } from '../pages/planned-delivery.js';
import { sentPages } from '../platform-edits/next-base.js';
import { withMovedPages } from '../pages/with-moved-pages.js';
import { rememberEdits, type PlatformEditsStep } from '../platform-edits/platform-edits-step.js';
import { importPublished, publishBundle } from '../publish-bundle.js';
import { describeAction } from '../space-sync-plan.js';
import type { SpaceSyncOutcome, SpaceSyncResult } from '../space-sync-result.js';
import { confirmNewest, superseding } from '../superseding.js';
import { conflictOf, type SyncConflict } from '../sync-conflict.js';
import type { CheckedSync } from './guard.js';
import type { SyncRun } from './sync-run.js';

/** What the writes did: the state as they left it, and what the result and the record say of them. */
export interface AppliedSync extends CheckedSync {
  /** The target's state as the writes left it (saved as they went). */
  readonly current: TargetState;
  readonly cr: { id: string; number: number; url?: string | undefined } | undefined;
  readonly outcome: SpaceSyncOutcome;
  readonly imported: SpaceSyncResult['imported'];
  readonly delivered: SpaceSyncResult['delivered'];
  /** The change request's revision read back after the delivery. */
  readonly landedRevision: string | undefined;
  /** The revision of main the change request's content descends from: a merge onto that same main leaves what was delivered. */
  readonly crBase: string | undefined;
  /** Main's revision the merge made. */
  readonly mergedRevision: string | undefined;
  /** Set when a merge or an update from main met conflicts: the writes stopped there. */
  readonly conflict: SyncConflict | undefined;
  /** The blob id and fingerprint of each page content batches sent, by path (when a base is kept): the next base's. */
  readonly sentPages: ReadonlyMap<string, BasePage>;
}

/** The writes, in the plan's order: the change request, the content (batches or an import), reviewers, the merge. */
export async function apply(run: SyncRun, checked: CheckedSync): Promise<AppliedSync> {
  const { deps, target, options, signal, stopwatch, api, write, saveState, ahead, now } = run;
  const { content, state, assumed, live, pagePlan, plan, base, sent, sentExpectation, platformEdits, titlings, checkedMain } = checked;
  // What the last sync left no longer holds once this one writes; set again once its delivery is read back.
  const { landed: _left, ...previous } = state ?? { reviewersRequested: [] };
  let current: TargetState = {
    ...rememberEdits(previous, platformEdits, now()),
    ...(live ? { changeRequest: { id: live.id, number: live.number } } : {}),
  };
  if (live && state?.changeRequest?.id !== live.id) current.reviewersRequested = [];
  let cr = live ? { id: live.id, number: live.number, url: live.urls.app } : undefined;
  // A change request an earlier pass of this run created is created by this run, as a runner that found main where it planned from reports it.
  let outcome: SpaceSyncOutcome = live ? (live.id === run.opened ? 'created' : 'updated') : 'imported';
  let imported: SpaceSyncResult['imported'];
  let delivered: SpaceSyncResult['delivered'];
  // The page plan was made from this content: still current unless main was pulled into it.
  let plannedFor: PlannedDelivery | undefined = pagePlan;
  let landedRevision: string | undefined;
  let crBase: string | undefined = live ? (live.revisionMergedAncestor ?? live.revisionInitial) : undefined;
  // The revision the change request this run created held then, and main's the merge made.
  let createdAt: string | undefined;
  let mergedRevision: string | undefined;
  let conflict: SyncConflict | undefined;
  const sentOnes = run.keepsBase ? sentPages(titlings) : undefined;
  // Published before the first write: a store that fails leaves no change request behind.
  let artifact: PublishedArtifact | undefined;
  if (plan.actions.some((action) => action.kind === 'import')) {
    const bundle = await superseding(target.name, () => stopwatch.time('bundleMs', () => sent.bundle()));
    // Where workers race, the bundle is served only while this run owns its job: a worker paused with
    // its import in flight must not land older docs after a newer run's.
    const fence = options.fence;
    const stillWanted =
      fence &&
      ((): Promise<boolean> =>
        fence.check().then(
          () => true,
          () => false,
        ));
    artifact = await stopwatch.time('uploadMs', () => publishBundle(deps.artifacts, bundle, `${target.name}.zip`, signal, stillWanted));
  }

  ahead.drop();
  // The read is kept before the first write rather than after the last: writing a whole read's
  // records (a first sync's) makes garbage V8 collects while little else is live, where at the end,
  // beside the state's final write and the redirects' page list, it made the first sync's peak RSS.
  await content.keep();
  // Set once this run opened a change request and until content went into it: a failure in between
  // archives it, so no empty change request is left behind for the next run to find.
  let createdEmpty: { id: string; number: number } | undefined;
  // Change requests start as drafts, which a plain list of change requests (status `open` by default)
  // leaves out; one merged at once is never listed open, so it is not opened first.
  const openForReview = async (found: Pick<ChangeRequest, 'id' | 'status'>): Promise<void> => {
    if (found.status === 'draft' && !target.changeRequest.autoMerge)
      await write(() => deps.api.changeRequests.update(target.spaceId, found.id, { status: 'open' }, { signal }));
  };
  // docsync's own found a draft: a run stopped between creating and opening it. Opened as it is filled.
  if (live !== undefined && plan.actions.length > 0) await openForReview(live);
  try {
    for (const action of plan.actions) {
      if (conflict) break;
      deps.logger.info({ target: target.name }, describeAction(action));
      switch (action.kind) {
        case 'create-change-request': {
          const created = await write(() => deps.api.changeRequests.create(target.spaceId, { subject: action.subject }, { signal }));
          const kept = await write(() => keepOldest(deps, target, created, signal));
          cr = { id: kept.id, number: kept.number, url: kept.urls.app };
          crBase = kept.revisionMergedAncestor ?? kept.revisionInitial;
          // This run's own, unless another run's older one was kept instead.
          const opened = kept.id === created.id ? created.id : undefined;
          if (opened !== undefined) createdEmpty = { id: created.id, number: created.number };
          // Opened before anything below may stop this pass, as is another run's older one kept instead
          // (a run stopped before opening it): a pass planned again finds it in the state and fills it.
          await openForReview(kept);
          // Saved at once: a crash before the import must find this change request, not open another.
          current = { ...current, changeRequest: { id: kept.id, number: kept.number }, reviewersRequested: [] };
          await saveState(current);
          // Planned from the state: main must still be what the last merge made, and the change request this run's.
          if (assumed && (opened === undefined || kept.revisionInitial !== assumed.revision)) throw new MainMoved(kept.revisionInitial, opened);
          // Checked for platform edits: main must still be what the check read, or an edit made since would be overwritten unkept.
          if (checkedMain !== undefined && kept.revisionInitial !== checkedMain) throw new MainMoved(kept.revisionInitial, opened);
          if (opened !== undefined) createdAt = created.revision;
          outcome = opened !== undefined ? 'created' : 'updated';
          break;
        }
        case 'update-from-main': {
          const updated = await write(() => deps.api.changeRequests.updateFromMain(target.spaceId, action.changeRequest, { signal }));
          if (updated.result !== 'update') conflict = conflictOf('update-from-main', requireCr(cr), target.name, updated.result);
          plannedFor = undefined;
          crBase = undefined;
          break;
        }
        case 'set-subject':
          await write(() => deps.api.changeRequests.update(target.spaceId, action.changeRequest, { subject: action.subject }, { signal }));
          break;
        case 'import': {
          const into = action.into === 'space' ? { spaceId: target.spaceId } : { spaceId: target.spaceId, changeRequest: requireCr(cr).id };
          // Straight into main, an import replaces it whole: main must still be what the platform-edits
          // check read (one read of the space, right before), or an edit made since would go unkept.
          const replaced =
            into.changeRequest === undefined && checkedMain !== undefined
              ? await api(() => mainRevision(deps.api.spaces, target.spaceId, [checkedMain], signal))
              : undefined;
          if (replaced?.moved === true) {
            await deps.artifacts.release(required(artifact));
            throw new MainMoved(replaced.revision);
          }
          try {
            imported = await write(() => importPublished(deps.api, deps.artifacts, into, required(artifact), signal, now));
          } catch (error) {
            // Refused (4xx, or the bundle not fetched) means nothing was imported; anything else may have landed.
            if (!refused(error)) createdEmpty = undefined;
            throw error;
          }
          createdEmpty = undefined;
          // Read back before anything merges: an import that left pages out is a failure, never "imported, 0 pages".
          const landed = await api(() =>
            compareWithLive(deps.api, target, sent, required(sentExpectation), into.changeRequest === undefined ? undefined : requireCr(cr), signal),
          );
          if (!landed.ok) {
            const destination =
              into.changeRequest === undefined
                ? { kind: 'space' as const, spaceId: target.spaceId }
                : { kind: 'change-request' as const, number: requireCr(cr).number };
            throw new ImportVerificationError(destination, landed);
          }
          // The API imports unconditionally: an edit made between that read and the import was replaced. Said, never silent.
          const over = replaced === undefined ? undefined : landed.parents.find((parent) => parent !== replaced.revision);
          if (replaced !== undefined && over !== undefined) {
            const message =
              `the platform changed main while docsync imported into it: the import replaced revision ${over}, not ${replaced.revision}, ` +
              `the one checked for platform edits. An edit made in between is not on the platform-edits branch: find it in the space's history (revision ${over}) and make it again.`;
            deps.logger.warn({ target: target.name }, message);
            base.warnings.push(message);
          }
          // Where workers race, a paused one may have sent its import after a newer one landed.
          if (options.fence) await confirmNewest(() => stopwatch.time('readMs', () => deps.prepare(target, { signal })), content.contentHash, target.name);
          break;
        }
        case 'deliver': {
          const into = requireCr(cr);
          let result;
          try {
            result = await stopwatch.time('planMs', () =>
              deliverPages(
                { ...deps, api: run.timedApi },
                {
                  spaceId: target.spaceId,
                  changeRequest: into,
                  content: sent,
                  // A page git moved that the platform changed where it was goes to git's place with its id.
                  delivered: withMovedPages(current.delivered, checked.movedInGit),
                  // Planned from git's content: pages laid over it, or moved with their ids, are planned again.
                  planned: sent === content && checked.movedInGit.size === 0 ? plannedFor : undefined,
                  maxFileBytes: target.import.maxBytes,
                  landed: state?.landed,
                  createdAt,
                  groups: target.groups,
                  beforeBatch: options.fence ? () => options.fence?.check() ?? Promise.resolve() : undefined,
                  sentPage: sentOnes?.note,
                  save: async (landed) => {
                    createdEmpty = undefined; // a batch landed: the change request holds content now
                    current = { ...current, delivered: landed };
                    await saveState(current);
                  },
                  warn: (message) => {
                    deps.logger.warn({ target: target.name }, message);
                    base.warnings.push(message);
                  },
                  signal,
                },
              ),
            );
          } catch (error) {
            if (target.delivery === 'auto' && error instanceof NotFoundError && (await batchesMissing(deps.api, target.spaceId, into.id, signal)))
              throw new BatchesUnavailable('no content batches', { cause: error });
            throw error;
          }
          delivered = { changes: result.changes, batches: result.batches };
          landedRevision = result.revision;
          createdEmpty = undefined;
          current = { ...current, delivered: result.delivered };
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
          if (merged.result === 'merge') {
            outcome = 'merged';
            mergedRevision = merged.revision;
          } else conflict = conflictOf('merge', requireCr(cr), target.name, merged.result);
          break;
        }
      }
    }
  } catch (error) {
    const empty = createdEmpty;
    // Superseded: whoever owns the target now may be filling that change request; leave it.
    if (empty && !(error instanceof SupersededError) && !(error instanceof MainMoved))
      await api(() => archiveEmpty(deps, target, run.key, empty, error, signal));
    throw error;
  }
  if (conflict && run.behindMain === undefined && (target.changeRequest.autoMerge || target.mode === 'direct'))
    await startOverFromMain(run, requireCr(cr), checked.edits, conflict);
  // Pages laid over git's that the open change request already holds (kept live, `adopt`): planned
  // as changes, none sent and nothing else written, the change request held this content already.
  if (live && delivered?.changes === 0 && plan.actions.every((action) => action.kind === 'deliver')) outcome = 'skipped';
  return { ...checked, current, cr, outcome, imported, delivered, landedRevision, crBase, mergedRevision, conflict, sentPages: sentOnes?.pages ?? new Map() };
}

/**
 * docsync's change request conflicts with main, and no one reviews it: archived, and forgotten with
 * what landed in it, so the next pass plans against main (see {@link ChangeRequestBehindMain}). The
 * record of each page delivered stays where it carries the stamp read back: a page of main the
 * change request left as it was still has it (its id says which file it is), one changed since has
 * not. A record without a stamp was trusted only in the revision docsync left.
 */
async function startOverFromMain(
  run: SyncRun,
  cr: { id: string; number: number },
  edits: PlatformEditsStep | undefined,
  conflict: SyncConflict,
): Promise<never> {
  const { deps, target, signal, write, saveState, key } = run;
  await write(() => deps.api.changeRequests.update(target.spaceId, cr.id, { status: 'archived' }, { signal }));
  const state = await deps.state.get(key);
  if (state !== undefined) {
    const { changeRequest: _archived, delivered, landed: _landed, lastHash: _lastHash, conflict: _conflict, ...rest } = state;
    const stamped = delivered && {
      ...delivered,
      pages: new Map([...delivered.pages].map(([path, page]) => [path, page.updatedAt !== undefined ? page : { id: page.id, hash: undefined }])),
    };
    await saveState({ ...rest, reviewersRequested: [], ...(stamped ? { delivered: stamped } : {}) });
  }
  throw new ChangeRequestBehindMain(cr, edits, conflict);
}

/** The API refused the import, so nothing of it landed. */
function refused(error: unknown): boolean {
  if (error instanceof ArtifactStoreError) return error.failure === 'not-fetched';
  return error instanceof ApiError && error.status !== undefined && error.status >= 400 && error.status < 500;
}

/** The change request the plan acts on: created by an earlier action, or found live. */
export function requireCr<T>(cr: T | undefined): T {
  if (cr === undefined) throw new Error('Internal error: the plan acts on a change request before creating one.');
  return cr;
}

function required<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('Internal error: an import without a published bundle or its expectation.');
  return value;
}
