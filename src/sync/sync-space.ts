import type { ContentApi } from '../api/resources/content.js';
import { ApiError } from '../api/errors/api-error.js';
import type { ChangeRequest } from '../api/schemas/change-request.js';
import { NotFoundError } from '../api/errors/not-found-error.js';
import { ArtifactStoreError } from '../artifacts/errors/artifact-store-error.js';
import type { PublishedArtifact } from '../artifacts/artifact-store.js';
import type { SpaceTarget } from '../config/config-schema.js';
import type { ContentExpectation, ExpectedPage } from '../content/bundle/content-expectation.js';
import type { Verification } from '../content/bundle/verify-content.js';
import type { TargetState } from '../state/state-store.js';
import { archiveEmpty } from './archive-empty.js';
import { BatchesUnavailable, batchesMissing } from './batches-unavailable.js';
import { bundleExpectation } from './bundle-expectation.js';
import { changeRequestSubject } from './change-request-subject.js';
import { compareWithLive } from './compare-with-live.js';
import { checkDeletions } from './deletion-guard.js';
import { ImportVerificationError } from './errors/import-verification-error.js';
import { SupersededError } from './errors/superseded-error.js';
import { findDocsyncChangeRequest } from './find-docsync-change-request.js';
import { keepOldest } from './keep-oldest.js';
import { MainMoved } from './main-moved.js';
import { pageDiff, type PageDiff } from './page-diff.js';
import { checkSendable } from './pages/check-sendable.js';
import { deliverPages, withUpdatedAt } from './pages/deliver-pages.js';
import { summarizePagePlan } from './pages/summarize-page-plan.js';
import { planDelivery } from './pages/plan-delivery.js';
import { planOnMerged } from './pages/plan-changed-pages.js';
import { summaryNotices } from './structure-notices.js';
import type { PreparedContent } from './prepared-content.js';
import { syncRedirects } from './redirects/sync-redirects.js';
import { syncByGit } from './git-delivery/sync-by-git.js';
import type { PlannedDelivery } from './pages/planned-delivery.js';
import type { TargetBase } from './platform-edits/detect-platform-edits.js';
import { baseOnceLive, baseWithChanges, withLivePages } from './platform-edits/next-base.js';
import { pageTitlings } from './platform-edits/page-titlings.js';
import { platformEditsStep, rememberEdits, withReviewed, type PlatformEditsStep } from './platform-edits/platform-edits-step.js';
import { changeRequestEdits } from './platform-edits/change-request-edits.js';
import { mainRevision } from './platform-edits/main-revision.js';
import { overwriteWarning } from './platform-edits/overwritten-edits.js';
import { syncedCommit } from './platform-edits/synced-commit.js';
import type { SyncSpaceDeps, SyncSpaceOptions } from './sync-space-deps.js';
import { importPublished, publishBundle } from './publish-bundle.js';
import { knownDelivery, rememberDelivery, resolveDelivery, type Delivery } from './resolve-delivery.js';
import { RevisionReadAhead } from './revision-read-ahead.js';
import { describeAction, planSpaceSync } from './space-sync-plan.js';
import { confirmNewest, superseding } from './superseding.js';
import { conflictOf, type SyncConflict } from './sync-conflict.js';
import { SyncStopwatch } from './sync-stopwatch.js';
import { afterProvenSkip, tokenAfterConflict, tokenAfterDelivery } from './sync-token/record-after-sync.js';
import { skipIfProven } from './sync-token/skip-if-proven.js';
import { subjectWithToken } from './sync-token/sync-token.js';
import { resultBase, type SpaceSyncOutcome, type SpaceSyncResult } from './space-sync-result.js';

export type { SyncSpaceDeps, SyncSpaceOptions } from './sync-space-deps.js';
export type { SpaceSyncOutcome, SpaceSyncResult } from './space-sync-result.js';

export const stateKey = (target: string): string => `space:${target}`;

/**
 * One sync of a space target: read and hash the docs, read what is live, plan, then apply. Every
 * step is safe to repeat: a job retried after a crash converges on the same end state.
 *
 * What was last synced is read from the API, not only from local state: a runner without
 * `.docsync/` finds docsync's change request by its marker and compares the live content (that
 * change request's, else the space's) with the bundle by page and file path and git blob id, in one
 * read (and a page whose blob id differs by what it says). Equal means nothing to write; a hand edit
 * in the space makes them differ, so it is synced. On content batches the sync token in that change
 * request's subject proves it first, in a few reads whatever the space's size (`sync-token/`).
 */
export async function syncSpace(deps: SyncSpaceDeps, target: SpaceTarget, options: SyncSpaceOptions = {}): Promise<SpaceSyncResult> {
  const stateless = await skipIfProven(deps, target, stateKey(target.name), options);
  if (stateless.content !== undefined && stateless.skipped !== undefined) {
    const { content, skipped } = stateless;
    const redirects = (unchanged: boolean) => withRedirects(deps, target, content, skipped.result, options, unchanged);
    return afterProvenSkip(deps, target, content, skipped.proven, redirects, options);
  }
  // The docs read for the content are the ones the redirects come from; a read made for the proof is the first.
  let content: PreparedContent | undefined;
  let first = stateless.content;
  const reading = {
    ...deps,
    prepare: async (...args: Parameters<SyncSpaceDeps['prepare']>) => {
      const read = first ?? (await deps.prepare(...args));
      first = undefined;
      return (content = read);
    },
  };
  const result = await syncContent(reading, target, options);
  if (result.outcome === 'conflict') await tokenAfterConflict(deps, target, result, options);
  if (content === undefined || result.outcome === 'conflict') return result;
  const synced = await withRedirects(deps, target, content, result, options);
  await tokenAfterDelivery(deps, target, stateKey(target.name), content, synced, options);
  return synced;
}

async function syncContent(deps: SyncSpaceDeps, target: SpaceTarget, options: SyncSpaceOptions): Promise<SpaceSyncResult> {
  if (target.delivery === 'git') return syncByGit(deps, target, stateKey(target.name), options);
  try {
    return await syncAgainIfMoved(deps, target, undefined, options);
  } catch (error) {
    if (!(error instanceof BatchesUnavailable)) throw error;
    // `auto` on an API without change batches: remembered, so later runs import at once.
    deps.logger.info({ target: target.name }, 'the API has no content batches for change requests: importing the docs as a zip instead (delivery: import)');
    await rememberDelivery(deps.state, 'import');
    return syncSpaceBy(deps, target, 'import', options);
  }
}

/** A sync planned from its state that found main moved runs again: its state now names the change request it opened, so it reads what is live. */
async function syncAgainIfMoved(deps: SyncSpaceDeps, target: SpaceTarget, chosen: Delivery | undefined, options: SyncSpaceOptions): Promise<SpaceSyncResult> {
  try {
    return await syncSpaceBy(deps, target, chosen, options);
  } catch (error) {
    if (!(error instanceof MainMoved)) throw error;
    deps.logger.info({ target: target.name }, error.message);
    return syncSpaceBy(deps, target, chosen, options);
  }
}

/** The site's redirects follow the sync (see {@link syncRedirects}); skipped with a client that has no site calls. */
async function withRedirects(
  deps: SyncSpaceDeps,
  target: SpaceTarget,
  content: PreparedContent,
  result: SpaceSyncResult,
  options: SyncSpaceOptions,
  unchangedContent = result.outcome === 'skipped',
): Promise<SpaceSyncResult> {
  const { sites, siteSpaces, siteRedirects } = deps.api;
  if (sites === undefined || siteSpaces === undefined || siteRedirects === undefined) return result;
  const run = {
    target,
    stateKey: stateKey(target.name),
    content,
    unchangedContent,
    bulk: result.delivery === 'changes',
    dryRun: options.dryRun === true,
    beforeWrite: async () => options.fence?.check(),
    signal: options.signal,
  };
  const redirects = await syncRedirects({ ...deps, api: { ...deps.api, sites, siteSpaces, siteRedirects } }, run);
  return redirects === undefined ? result : { ...result, redirects };
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
  // Page deliveries plan and check locally around their API calls: only the calls count as API time.
  const timedApi = {
    content: {
      getRevision: (...args: Parameters<ContentApi['getRevision']>) => api(() => ahead.getRevision(...args)),
      applyChanges: (...args: Parameters<ContentApi['applyChanges']>) => api(() => deps.api.content.applyChanges(...args)),
      getPage: (...args: Parameters<ContentApi['getPage']>) => api(() => deps.api.content.getPage(...args)),
    },
    rateBudget: deps.api.rateBudget,
  };
  const reading = stopwatch.time('readMs', () => deps.prepare(target, { signal }));
  // Awaited below; a failure of the state read first must not leave it unobserved.
  reading.catch(() => undefined);
  // What `delivery: auto` remembered is read beside the target's state: the early reads wait on both.
  const remembered = chosen === undefined ? knownDelivery(deps.state, target) : Promise.resolve(chosen);
  remembered.catch(() => undefined);
  // Local work the plan needs (a file store parses the whole state here): counted as the plan's.
  const state = await stopwatch.time('planMs', () => deps.state.get(key));
  const keepsBase = target.platformEdits !== 'overwrite';
  // The docs changed since the last sync on today's API: the reads that do not wait on each other
  // start together (the change request in state's content beside its lookup, main's for the
  // platform-edits check beside the plan). In the daemon each round trip is time between a save and
  // the change request. Not without state: a runner without it may well find nothing to do. Where a
  // revision read before is kept (a daemon), the change request's and the space's own small reads
  // say whether it is still current, and its pages are not read again.
  const ahead = new RevisionReadAhead(deps.api.content, deps.revisions);
  const lookUp = (): Promise<ChangeRequest | undefined> => api(() => findDocsyncChangeRequest(deps.api, target.spaceId, target.name, state, signal));
  const readAhead = (): Promise<ChangeRequest | undefined> => {
    const found = lookUp();
    const known = state?.changeRequest?.id;
    if (known !== undefined)
      ahead.start({ spaceId: target.spaceId, changeRequest: known }, signal, async () => ((await found)?.id === known ? (await found)?.revision : undefined));
    if (keepsBase) ahead.start({ spaceId: target.spaceId }, signal, async () => (await api(() => deps.api.spaces.get(target.spaceId, { signal }))).revision);
    return found;
  };
  // Files were seen changing: the live reads start beside the local read instead of after it (a save
  // that changed nothing then costs these reads, never a write).
  const early = options.changeSeen === true && state?.lastHash !== undefined && (await remembered) === 'changes' ? readAhead() : undefined;
  early?.catch(() => undefined);
  const content = await reading;
  const delivery = (await remembered) ?? (await resolveDelivery(deps, target, signal));
  const synced = options.compareLive !== true && state?.lastHash === content.contentHash;
  // Git unchanged: edits in the platform since are noticed by main's revision, the live content compared only when it moved.
  // A merge that landed this content left main at its revision: that one holds it too, so a no-op after it reads nothing more.
  const seen = [state?.seenRevision, state?.landed?.hash === content.contentHash ? state.landed.merged : undefined];
  const main = synced && keepsBase && state.base !== undefined ? await api(() => mainRevision(deps.api.spaces, target.spaceId, seen, signal)) : undefined;
  const unchanged = synced && main?.moved !== true;
  if (unchanged) ahead.drop();
  // With state, after a merge, git changed: the changed pages planned against main as that merge left it, nothing
  // read. The change request this run creates says whether main is still there (else MainMoved).
  const assumed =
    early === undefined && !synced && delivery === 'changes' && options.dryRun !== true && options.compareLive !== true && state?.changeRequest === undefined
      ? onMerged(content, state)
      : undefined;
  // Content batches of changed docs: git's pages by blob id (what the platform-edits check and the
  // next base compare with) are read while the live side is.
  let expecting: Promise<ContentExpectation & { kind: 'exact' }> | undefined =
    keepsBase && !unchanged && delivery === 'changes' && assumed === undefined ? superseding(target.name, () => bundleExpectation(content)) : undefined;
  expecting?.catch(() => undefined);
  // Unchanged content opens no change request: only a sync that may write records its commit. Its
  // git process runs beside the reads of the live side (none when the read knows the commit).
  const commitKnown = content.commit !== undefined || content.checkedOut !== undefined;
  const recording =
    keepsBase && !unchanged
      ? commitKnown
        ? syncedCommit(target, content, signal)
        : stopwatch.time('readMs', () => syncedCommit(target, content, signal))
      : Promise.resolve(undefined);
  recording.catch(() => undefined);
  const looking = early ?? (!unchanged && assumed === undefined && state?.lastHash !== undefined && delivery === 'changes' ? readAhead() : undefined);
  const live = unchanged || assumed !== undefined || (target.mode === 'direct' && delivery === 'import') ? undefined : await (looking ?? lookUp());
  // This content already met conflicts in that change request: unresolved while it stays open, so
  // the daemon's reconcile passes report it again without another merge attempt.
  if (!unchanged && live && state?.conflict?.hash === content.contentHash && state.conflict.changeRequest === live.number) {
    const cr = { id: live.id, number: live.number, url: live.urls.app };
    const conflict = conflictOf(state.conflict.operation, cr, target.name);
    deps.logger.warn({ target: target.name, changeRequest: live.number }, conflict.message);
    const plan = {
      target: target.name,
      skipReason: `change request #${live.number} has unresolved conflicts`,
      changeRequest: { id: live.id, number: live.number },
      actions: [],
    };
    return { ...resultBase(target, content, plan, delivery), outcome: 'conflict', changeRequest: cr, conflict, timings: stopwatch.timings() };
  }
  // Today's API: the page-level plan against the change request's content (the space's before one exists).
  const planned =
    unchanged || delivery === 'import'
      ? undefined
      : (assumed ??
        (await superseding(target.name, () =>
          stopwatch.time('planMs', () =>
            planDelivery(
              timedApi,
              live ? { spaceId: target.spaceId, changeRequest: live.id } : { spaceId: target.spaceId },
              content,
              state?.delivered,
              signal,
              deps.download,
              state?.landed,
              target.groups,
            ),
          ),
        )));
  for (const warning of planned?.plan.warnings ?? []) deps.logger.warn({ target: target.name }, warning);
  const expectation = unchanged || delivery === 'changes' ? undefined : await superseding(target.name, () => bundleExpectation(content));
  const liveContent = expectation && (await api(() => compareWithLive(deps.api, target, content, expectation, live, signal, { byMeaning: true })));
  const liveMatches = planned ? planned.plan.changes.length === 0 : liveContent?.ok;
  const subject = subjectWithToken(
    changeRequestSubject(target.changeRequest.subject, target.name, content.commit, await recording),
    target,
    delivery,
    content.contentHash,
  );
  const plan = planSpaceSync({
    target,
    contentHash: content.contentHash,
    subject,
    state,
    liveChangeRequest: live,
    liveMatches,
    ...(delivery === 'changes' ? { delivery: { changes: planned?.plan.changes.length ?? 0, summary: summarizePagePlan(planned?.plan) } } : {}),
  });
  // What the delivery cannot express of SUMMARY.md, and where the plan places pages otherwise, go to every report.
  const notices = [...summaryNotices(content, delivery, target.groups), ...(planned?.plan.warnings ?? [])];
  const base = { ...resultBase(target, content, plan, delivery), warnings: [...content.warnings, ...notices] };
  const diffOfLive = (): { diff?: PageDiff } => (planned ? { diff: planned.diff } : liveContent ? { diff: pageDiff(liveContent, liveContent.titles) } : {});

  // Every page of git by path and blob id, read once: what the platform's pages are compared with, and the next base.
  if (expectation) expecting = Promise.resolve(expectation);
  const gitPages = async (): Promise<readonly ExpectedPage[]> => (await (expecting ??= superseding(target.name, () => bundleExpectation(content)))).pages;
  // Pages that go live with other content than git's (kept from the platform, merged), or not at all: held in the base.
  let leftLive: ReadonlyMap<string, string | null> = new Map();
  const titlings = pageTitlings(content.snapshot, delivery);
  const baseOf = async (): Promise<TargetBase> => {
    // A table of contents laid over git's titles the pages left live as it does.
    const summary = content.snapshot.summary;
    const liveTitlings =
      summary !== undefined && typeof leftLive.get(summary) === 'string' ? pageTitlings((await content.layOver(leftLive)).snapshot, delivery) : titlings;
    // Planned from the changed pages alone, nothing left live: the previous base plus those pages.
    const carried = assumed && leftLive.size === 0 ? await baseWithChanges(content, state?.base, assumed.diff.changed, titlings) : undefined;
    return carried ?? withLivePages(await baseOnceLive(content, state, gitPages, titlings), leftLive, liveTitlings);
  };
  const skip = async (reason: string | undefined, liveIsGit: boolean, extra: Partial<SpaceSyncResult> = {}): Promise<SpaceSyncResult> => {
    deps.logger.info({ target: target.name, reason }, 'sync skipped');
    const known = live ? { id: live.id, number: live.number, url: live.urls.app } : state?.changeRequest;
    // Found live rather than in state: remember it, so the next run on this runner makes no call.
    if (liveIsGit && !options.dryRun) {
      const { changeRequest: _stale, ...kept } = state ?? { reviewersRequested: [] };
      await deps.state.set(key, {
        ...rememberEdits(kept, extra, (deps.now ?? (() => new Date()))()),
        ...(live ? { changeRequest: { id: live.id, number: live.number } } : {}),
        lastHash: content.contentHash,
        ...(content.commit ? { lastCommit: content.commit.oid } : {}),
        // Today's API, without a record of what was delivered (a runner without state): the live pages
        // the plan recognized as git's, by id, so the next run maps them as the run that wrote them.
        // Stamped with each page's `updatedAt`, so an edit made in the platform after this run is seen as one.
        ...(planned && state?.delivered === undefined
          ? {
              delivered: withUpdatedAt(
                planned.known,
                (
                  await api(() =>
                    deps.api.content.getRevision(live ? { spaceId: target.spaceId, changeRequest: live.id } : { spaceId: target.spaceId }, { signal }),
                  )
                ).pages,
              ),
            }
          : {}),
        // The base is what main holds: content waiting in an open change request is not it yet.
        ...(keepsBase && !live ? { base: await baseOf() } : {}),
        // Main holds what docsync left: while it stays at this revision, an unchanged repo reads only that.
        ...(keepsBase && !live ? { seenRevision: (main ?? (await api(() => mainRevision(deps.api.spaces, target.spaceId, [], signal))))?.revision } : {}),
        syncedAt: (deps.now ?? (() => new Date()))().toISOString(),
      });
    }
    if (!options.dryRun) await content.keep();
    return { ...base, outcome: 'skipped', ...(known ? { changeRequest: known } : {}), ...extra, timings: stopwatch.timings() };
  };
  if (plan.actions.length === 0) return skip(plan.skipReason, liveMatches === true);
  // Before the first write, and in a dry run too: a SUMMARY.md that lost its entries must not empty the space.
  const { diff } = diffOfLive();
  if (
    diff &&
    options.maxDeletions !== undefined &&
    options.allowDeletions !== true &&
    plan.actions.some((action) => action.kind === 'import' || action.kind === 'deliver')
  ) {
    checkDeletions(target.name, diff, options.maxDeletions);
  }
  // The import refuses a bundle over its limit: checked before the first write (no empty change
  // request left behind) and in a dry run, which so predicts the refusal.
  if (plan.actions.some((action) => action.kind === 'import')) await content.checkImportSize(target.import.maxBytes);
  // Likewise a file the content batches could not carry: refused before the first write, change request included.
  if (planned && plan.actions.some((action) => action.kind === 'deliver')) {
    checkSendable(planned.plan, { servesUrls: deps.artifacts.origin !== undefined, maxFileBytes: target.import.maxBytes });
  }
  // `overwrite` keeps nothing, but says what it discards (planned from the state alone, main moved is planned again).
  if (!keepsBase && assumed === undefined && planned && state?.delivered && plan.actions.some((action) => action.kind === 'deliver')) {
    const where = live ? { spaceId: target.spaceId, changeRequest: live.id } : { spaceId: target.spaceId };
    const warning = overwriteWarning((await api(() => ahead.getRevision(where, { signal }))).pages, state.delivered.pages, planned.plan, options.dryRun);
    if (warning !== undefined) deps.logger.warn({ target: target.name }, warning);
    if (warning !== undefined) base.warnings.push(warning);
  }
  // Before anything is overwritten: pages edited in the platform go to git first (or stay, `adopt`).
  let edits: PlatformEditsStep | undefined;
  if (keepsBase && assumed === undefined && plan.actions.some((action) => action.kind === 'import' || action.kind === 'deliver')) {
    const filesDiffer = planned ? planned.plan.changes.some((change) => change.kind === 'insert-files') : liveFilesDiffer(liveContent);
    const reads = { getRevision: ahead.getRevision, getPage: deps.api.content.getPage.bind(deps.api.content) };
    const editsApi = { content: reads, changeRequests: deps.api.changeRequests };
    // A reviewer's edits inside docsync's own open change request first: the batches would overwrite them.
    const reviewed =
      live && planned
        ? await api(() =>
            changeRequestEdits(editsApi, live.id, {
              target,
              content,
              state,
              expected: gitPages,
              titlings,
              dryRun: options.dryRun,
              signal,
              download: deps.download,
            }),
          )
        : undefined;
    edits = await api(() =>
      platformEditsStep(editsApi, {
        target,
        content,
        state,
        expected: gitPages,
        titlings,
        filesDiffer,
        byContent: planned === undefined,
        holdingGit: holdingGit(planned, state),
        dryRun: options.dryRun,
        signal,
        known: deps.revisions,
        download: deps.download,
      }),
    );
    edits = withReviewed(edits, reviewed, target.platformEdits);
    leftLive = edits.settled.live;
    if (edits.nothingToWrite) return skip('the live pages are what git holds, or what this sync keeps', true, edits.reported);
  }
  // What goes live: git's content, with the pages kept from the platform or merged laid over it.
  const sent = leftLive.size === 0 ? content : await content.layOver(leftLive);
  const sentExpectation = sent === content ? expectation : expectation && (await bundleExpectation(sent));
  const platformEdits = edits?.reported ?? {};
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
  // What the last sync left no longer holds once this one writes; set again once its delivery is read back.
  const { landed: _left, ...previous } = state ?? { reviewersRequested: [] };
  let current: TargetState = {
    ...rememberEdits(previous, platformEdits, now()),
    ...(live ? { changeRequest: { id: live.id, number: live.number } } : {}),
  };
  if (live && state?.changeRequest?.id !== live.id) current.reviewersRequested = [];
  let cr = live ? { id: live.id, number: live.number, url: live.urls.app } : undefined;
  let outcome: SpaceSyncOutcome = live ? 'updated' : 'imported';
  let imported: SpaceSyncResult['imported'];
  let delivered: SpaceSyncResult['delivered'];
  // The page plan was made from this content: still current unless main was pulled into it.
  let plannedFor: PlannedDelivery | undefined = planned;
  // The change request's revision read back after the delivery, and the revision of main its content
  // descends from: a merge onto that same main leaves what was delivered.
  let landedRevision: string | undefined;
  let crBase: string | undefined = live ? (live.revisionMergedAncestor ?? live.revisionInitial) : undefined;
  // The revision the change request this run created held then, and main's the merge made.
  let createdAt: string | undefined;
  let mergedRevision: string | undefined;
  let conflict: SyncConflict | undefined;
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
          crBase = kept.revisionMergedAncestor ?? kept.revisionInitial;
          // Saved at once: a crash before the import must find this change request, not open another.
          current = { ...current, changeRequest: { id: kept.id, number: kept.number }, reviewersRequested: [] };
          await saveState(current);
          // Planned from the state: main must still be what the last merge made, and the change request this run's.
          if (assumed && (kept.id !== created.id || kept.revisionInitial !== assumed.revision)) throw new MainMoved(kept.revisionInitial);
          if (kept.id === created.id) createdAt = created.revision;
          outcome = kept.id === created.id ? 'created' : 'updated';
          if (kept.id === created.id) {
            createdEmpty = { id: created.id, number: created.number };
            // Created as a draft, which a plain list of change requests (status `open` by default) leaves
            // out; one merged at once is never listed open, so it is not opened first.
            if (created.status === 'draft' && !target.changeRequest.autoMerge)
              await write(() => deps.api.changeRequests.update(target.spaceId, created.id, { status: 'open' }, { signal }));
          }
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
                { ...deps, api: timedApi },
                {
                  spaceId: target.spaceId,
                  changeRequest: into,
                  content: sent,
                  delivered: current.delivered,
                  // Planned from git's content: pages laid over it are planned again.
                  planned: sent === content ? plannedFor : undefined,
                  maxFileBytes: target.import.maxBytes,
                  landed: state?.landed,
                  createdAt,
                  groups: target.groups,
                  beforeBatch: options.fence ? () => options.fence?.check() ?? Promise.resolve() : undefined,
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
    if (empty && !(error instanceof SupersededError) && !(error instanceof MainMoved)) await api(() => archiveEmpty(deps, target, key, empty, error, signal));
    throw error;
  }

  if (conflict) {
    const open = requireCr(cr);
    deps.logger.warn({ target: target.name, changeRequest: open.number }, conflict.message);
    // Not recorded as synced: once the conflict is resolved, the next run carries on.
    await saveState({ ...current, conflict: { hash: content.contentHash, changeRequest: open.number, operation: conflict.operation } });
    return {
      ...base,
      outcome: 'conflict',
      changeRequest: open,
      conflict,
      ...(imported ? { imported } : {}),
      ...(delivered ? { delivered } : {}),
      ...platformEdits,
      timings: stopwatch.timings(),
    };
  }

  const merged = outcome === 'merged';
  const { changeRequest: _previous, conflict: _resolved, ...rest } = current;
  current = {
    ...(merged ? { ...rest, reviewersRequested: [] } : { ...rest, ...(current.changeRequest ? { changeRequest: current.changeRequest } : {}) }),
    lastHash: content.contentHash,
    ...(content.commit ? { lastCommit: content.commit.oid } : {}),
    ...(landedRevision === undefined
      ? {}
      : {
          landed: {
            hash: content.contentHash,
            revision: landedRevision,
            ...(merged && crBase !== undefined ? { mergedOnto: crBase } : {}),
            ...(mergedRevision === undefined ? {} : { merged: mergedRevision }),
          },
        }),
    // The base is what main holds: content left in an open change request is not it yet.
    ...(keepsBase && (merged || outcome === 'imported') ? { base: await baseOf() } : {}),
    syncedAt: now().toISOString(),
  };
  await saveState(current);
  await content.keep();
  return {
    ...base,
    outcome,
    ...(cr ? { changeRequest: cr } : {}),
    ...(imported ? { imported } : {}),
    ...(delivered ? { delivered } : {}),
    ...diffOfLive(),
    ...platformEdits,
    timings: stopwatch.timings(),
  };
}

/**
 * Without a record of what was delivered, the live pages the plan recognized as holding the repo's
 * page (what it holds hashes as the repo's): path by page id, so the platform-edits step does not
 * read them again.
 */
function holdingGit(planned: PlannedDelivery | undefined, state: TargetState | undefined): Record<string, string> | undefined {
  if (planned === undefined || state?.delivered !== undefined) return undefined;
  const held = [...planned.known.pages].filter(([path, page]) => planned.hashes.get(path) === page.hash);
  return Object.fromEntries(held.map(([path, page]) => [page.id, path]));
}

/** Whether the live files (assets) differ from the bundle's. */
function liveFilesDiffer(live: Verification | undefined): boolean {
  const files = live?.diff?.files;
  return files !== undefined && files.missing.length + files.changed.length + files.unexpected.length > 0;
}

/** The API refused the import, so nothing of it landed. */
function refused(error: unknown): boolean {
  if (error instanceof ArtifactStoreError) return error.failure === 'not-fetched';
  return error instanceof ApiError && error.status !== undefined && error.status >= 400 && error.status < 500;
}

function requireCr<T>(cr: T | undefined): T {
  if (cr === undefined) throw new Error('Internal error: the plan acts on a change request before creating one.');
  return cr;
}

function required<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('Internal error: an import without a published bundle or its expectation.');
  return value;
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
