import { holdsChanges } from '../find-docsync-change-request.js';
import type { ContentExpectation } from '../../content/bundle/content-expectation.js';
import type { Verification } from '../../content/bundle/verify-content.js';
import type { TargetState } from '../../state/state-store.js';
import { bundleExpectation } from '../bundle-expectation.js';
import { checkDeletions } from '../deletion-guard.js';
import { checkSendable } from '../pages/check-sendable.js';
import type { PlannedDelivery } from '../pages/planned-delivery.js';
import { changeRequestEdits } from '../platform-edits/change-request-edits.js';
import { discardedEdits, overwriteWarning, overwrittenEdits } from '../platform-edits/overwritten-edits.js';
import { detectEdits } from '../platform-edits/settle-platform-edits.js';
import { afterArchived, platformEditsStep, withReviewed, type PlatformEditsResult, type PlatformEditsStep } from '../platform-edits/platform-edits-step.js';
import type { PreparedContent } from '../prepared-content.js';
import { describeAction } from '../space-sync-plan.js';
import { resultBase, type SpaceSyncResult } from '../space-sync-result.js';
import { conflictOf } from '../sync-conflict.js';
import type { Observation } from './observe.js';
import { diffOfLive, type PlannedSync } from './plan.js';
import type { SyncRun } from './sync-run.js';

/** A sync cleared to write: what goes live, and what the platform-edits check kept. */
export interface CheckedSync extends PlannedSync {
  /** Pages that go live with other content than git's (kept from the platform, merged), or not at all: held in the base. */
  readonly leftLive: ReadonlyMap<string, string | null>;
  /** What goes live: git's content, with the pages kept from the platform or merged laid over it. */
  readonly sent: PreparedContent;
  readonly sentExpectation: (ContentExpectation & { kind: 'exact' }) | undefined;
  /** What the result says of the platform edits kept. */
  readonly platformEdits: { platformEdits?: PlatformEditsResult };
  /** Live pages git moved that the platform changed where they were: git's path of each, by page id. */
  readonly movedInGit: ReadonlyMap<string, string>;
  /** What the platform-edits check kept, when it ran. */
  readonly edits: PlatformEditsStep | undefined;
  /** The revision of main this pass's platform-edits check compared, when it ran on main: a change request opened from another misses what the platform wrote in between. */
  readonly checkedMain: string | undefined;
}

/** Nothing to write: the run is recorded as skipped. */
export interface Skip {
  readonly reason: string | undefined;
  /** The live content is git's (or what this sync keeps): remembered, so the next run on this runner makes no call. */
  readonly liveIsGit: boolean;
  readonly reported: { platformEdits?: PlatformEditsResult };
  readonly leftLive: ReadonlyMap<string, string | null>;
}

export type GuardVerdict =
  | { readonly verdict: 'write'; readonly checked: CheckedSync }
  | { readonly verdict: 'skip'; readonly skip: Skip }
  | { readonly verdict: 'dry-run'; readonly result: SpaceSyncResult };

/**
 * This content already met conflicts in that change request: unresolved while it stays open, so the
 * daemon's reconcile passes report it again without another merge attempt. Checked on what was
 * observed, before the plan reads anything.
 */
export function unresolvedConflict(run: SyncRun, { content, state, delivery, unchanged, live }: Observation): SpaceSyncResult | undefined {
  const { deps, target } = run;
  if (unchanged || !live || state?.conflict?.hash !== content.contentHash || state.conflict.changeRequest !== live.number) return undefined;
  const cr = { id: live.id, number: live.number, url: live.urls.app };
  const conflict = conflictOf(state.conflict.operation, cr, target.name);
  deps.logger.warn({ target: target.name, changeRequest: live.number }, conflict.message);
  const plan = {
    target: target.name,
    skipReason: `change request #${live.number} has unresolved conflicts`,
    changeRequest: { id: live.id, number: live.number },
    actions: [],
  };
  return { ...resultBase(target, content, plan, delivery), outcome: 'conflict', changeRequest: cr, conflict, timings: run.stopwatch.timings() };
}

/**
 * Everything that must hold before the first write, checked in a dry run too: something to write,
 * the deletion guard, what the API accepts, and the platform's edits kept before they are
 * overwritten (outside a dry run committed to the platform-edits branch: a write to git, not to the
 * space). A dry run stops here. The write fence is not checked here but right before each write
 * ({@link SyncRun.write}), and docs gone stale stop whichever stage reads them again (`superseding`).
 */
export async function guard(run: SyncRun, planned: PlannedSync): Promise<GuardVerdict> {
  const { deps, target, options, keepsBase } = run;
  const { content, assumed, pagePlan, plan, liveMatches, base } = planned;
  if (plan.actions.length === 0)
    return { verdict: 'skip', skip: { reason: plan.skipReason, liveIsGit: liveMatches === true, reported: {}, leftLive: new Map() } };
  // Before the first write, and in a dry run too: a SUMMARY.md that lost its entries must not empty the space.
  const { diff } = diffOfLive(planned);
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
  if (pagePlan && plan.actions.some((action) => action.kind === 'deliver')) {
    checkSendable(pagePlan.plan, { servesUrls: deps.artifacts.origin !== undefined, maxFileBytes: target.import.maxBytes });
  }
  // `overwrite` keeps nothing, but says what it discards (planned from the state alone, main moved is planned again).
  if (!keepsBase && assumed === undefined && plan.actions.some((action) => action.kind === 'import' || action.kind === 'deliver')) {
    const warning = overwriteWarning(await discarded(run, planned), options.dryRun);
    if (warning !== undefined) deps.logger.warn({ target: target.name }, warning);
    if (warning !== undefined) base.warnings.push(warning);
  }
  // Before anything is overwritten: pages edited in the platform go to git first (or stay, `adopt`).
  let edits: PlatformEditsStep | undefined;
  let leftLive: ReadonlyMap<string, string | null> = new Map();
  if (keepsBase && assumed === undefined && plan.actions.some((action) => action.kind === 'import' || action.kind === 'deliver')) {
    // Main moved under the change request the pass before archived: checked again, with what that pass kept from the change request.
    const checked = await keepPlatformEdits(run, planned);
    const before = run.behindMain?.edits;
    edits = before === undefined ? checked : afterArchived(checked, before, target.platformEdits);
    leftLive = edits.settled.live;
    if (edits.nothingToWrite)
      return {
        verdict: 'skip',
        skip: { reason: 'the live pages are what git holds, or what this sync keeps', liveIsGit: true, reported: edits.reported, leftLive },
      };
  }
  const sent = leftLive.size === 0 ? content : await content.layOver(leftLive);
  const sentExpectation = sent === content ? planned.expectation : planned.expectation && bundleExpectation(sent);
  const platformEdits = edits?.reported ?? {};
  if (options.dryRun) {
    for (const action of plan.actions) deps.logger.info({ target: target.name }, `DRY-RUN: would ${describeAction(action)}`);
    const result: SpaceSyncResult = {
      ...base,
      outcome: 'planned',
      ...platformEdits,
      ...diffOfLive(planned),
      ...(plan.changeRequest ? { changeRequest: plan.changeRequest } : {}),
      timings: run.stopwatch.timings(),
    };
    return { verdict: 'dry-run', result };
  }
  const movedInGit = edits?.settled.movedInGit ?? new Map<string, string>();
  const checkedMain = edits === undefined || planned.live !== undefined ? undefined : edits.settled.revision;
  return { verdict: 'write', checked: { ...planned, leftLive, sent, sentExpectation, platformEdits, movedInGit, edits, checkedMain } };
}

/** The platform-edits check: main's edits, then a reviewer's in docsync's open change request. */
async function keepPlatformEdits(run: SyncRun, planned: PlannedSync): Promise<PlatformEditsStep> {
  const { deps, target, options, signal, api, ahead } = run;
  const { content, state, pagePlan, liveContent, gitPages, titlings } = planned;
  // One an earlier pass of this run created and left empty is this sync's own, as a single pass's would be: none was open.
  const live = planned.live !== undefined && planned.live.id === run.opened && !holdsChanges(planned.live) ? undefined : planned.live;
  const filesDiffer = pagePlan ? pagePlan.plan.changes.some((change) => change.kind === 'insert-files') : liveFilesDiffer(liveContent);
  const reads = { getRevision: ahead.getRevision, getPage: deps.api.content.getPage.bind(deps.api.content) };
  const editsApi = { content: reads, changeRequests: deps.api.changeRequests };
  const held = holdingGit(pagePlan, state);
  const edits = await api(() =>
    platformEditsStep(editsApi, {
      target,
      content,
      state,
      expected: gitPages,
      titlings,
      filesDiffer,
      byContent: pagePlan === undefined,
      // What the plan found holding git's version is the open change request's: main's pages (the same ids) may have been edited since.
      holdingGit: live ? undefined : held,
      dryRun: options.dryRun,
      signal,
      known: deps.revisions,
      download: deps.download,
      open: live,
    }),
  );
  // Then a reviewer's edits inside docsync's own open change request, which the batches would overwrite:
  // committed after main's, so the branch's tip holds a reviewer's fix of a page main's edit was kept for.
  // Compared with what this sync sends (main's pages kept live laid over git's), as the change request was
  // given them; the table of contents stays git's, whose layout the change request's pages are placed by.
  const summary = content.snapshot.summary;
  const kept = new Map([...edits.settled.live].filter(([path]) => path !== summary));
  const sending = live && pagePlan && kept.size > 0 ? await content.layOver(kept) : content;
  const reviewed =
    live && pagePlan
      ? await api(() =>
          changeRequestEdits(editsApi, live, {
            target,
            content: sending,
            state,
            expected: sending === content ? gitPages : () => Promise.resolve(bundleExpectation(sending).pages),
            titlings,
            holdingGit: held,
            dryRun: options.dryRun,
            signal,
            download: deps.download,
            madeNow: edits.settled.kept?.pushed === true ? edits.settled.kept.commit : undefined,
          }),
        )
      : undefined;
  return withReviewed(edits, reviewed, target.platformEdits);
}

/**
 * The platform's edits an `overwrite` sync writes over: told from the record of what it delivered
 * (`updatedAt`), else (a runner without state, an import) as the platform-edits check tells them.
 */
async function discarded(run: SyncRun, planned: PlannedSync): Promise<string[]> {
  const { deps, target, signal, api, ahead } = run;
  const { content, state, live, pagePlan, gitPages, titlings } = planned;
  if (pagePlan && state?.delivered) {
    const where = live ? { spaceId: target.spaceId, changeRequest: live.id } : { spaceId: target.spaceId };
    return overwrittenEdits((await api(() => ahead.getRevision(where, { signal }))).pages, state.delivered.pages, pagePlan.plan);
  }
  const reads = { getRevision: ahead.getRevision, getPage: deps.api.content.getPage.bind(deps.api.content) };
  const expected = await gitPages();
  const known = { base: undefined, delivered: undefined, holdingGit: holdingGit(pagePlan, state), titlings };
  const detected = await api(() =>
    detectEdits({ content: reads, changeRequests: deps.api.changeRequests }, target, content, expected, known, { signal, known: deps.revisions }),
  );
  return discardedEdits(detected);
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
