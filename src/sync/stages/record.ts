import { withUpdatedAt } from '../pages/deliver-pages.js';
import type { Delivered } from '../pages/send-batches.js';
import type { TargetBase } from '../platform-edits/detected-edits.js';
import { mainRevision } from '../platform-edits/main-revision.js';
import { baseOnceLive, baseWithChanges, withLivePages } from '../platform-edits/next-base.js';
import { pageTitlings } from '../platform-edits/page-titlings.js';
import { rememberEdits } from '../platform-edits/platform-edits-step.js';
import type { SpaceSyncResult } from '../space-sync-result.js';
import { holdsChanges } from '../find-docsync-change-request.js';
import type { BasePage } from '../../state/state-store.js';
import { requireCr, type AppliedSync } from './apply.js';
import type { Skip } from './guard.js';
import { diffOfLive, type PlannedSync } from './plan.js';
import type { SyncRun } from './sync-run.js';

/** The state after the writes: the conflict met, else what was synced and the next base; then the result. */
export async function record(run: SyncRun, applied: AppliedSync): Promise<SpaceSyncResult> {
  const { deps, target, keepsBase, stopwatch, saveState, now } = run;
  const { content, base, cr, outcome, imported, delivered, conflict, platformEdits, landedRevision, crBase, mergedRevision } = applied;
  let { current } = applied;
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
    ...(keepsBase && (merged || outcome === 'imported') ? { base: await nextBase(applied, applied.leftLive, applied.sentPages) } : {}),
    ...(current.delivered ? { delivered: unhashedLeftLive(current.delivered, applied.leftLive, merged || outcome === 'imported') } : {}),
    syncedAt: now().toISOString(),
  };
  await saveState(current);
  const skipped = outcome === 'skipped' && cr !== undefined;
  return {
    ...base,
    ...(skipped ? { plan: { ...base.plan, skipReason: `change request #${cr.number} already holds this content`, actions: [] } } : {}),
    outcome,
    ...(cr ? { changeRequest: cr } : {}),
    ...(imported ? { imported } : {}),
    ...(delivered && !skipped ? { delivered } : {}),
    ...(skipped ? {} : diffOfLive(applied)),
    ...platformEdits,
    timings: stopwatch.timings(),
  };
}

/** Nothing written: found live rather than in state, what the live side holds is remembered, so the next run on this runner makes no call. */
export async function recordSkipped(run: SyncRun, planned: PlannedSync, skip: Skip): Promise<SpaceSyncResult> {
  const { deps, target, options, signal, api, keepsBase, stopwatch, now } = run;
  const { content, state, live, main, pagePlan, base } = planned;
  deps.logger.info({ target: target.name, reason: skip.reason }, 'sync skipped');
  const known = live ? { id: live.id, number: live.number, url: live.urls.app } : state?.changeRequest;
  // A change request nothing was written into (one a run that found main moved opened) holds main.
  const waiting = live !== undefined && holdsChanges(live);
  if (skip.liveIsGit && !options.dryRun) {
    const { changeRequest: _stale, ...kept } = state ?? { reviewersRequested: [] };
    await deps.state.set(run.key, {
      ...rememberEdits(kept, skip.reported, now()),
      ...(live ? { changeRequest: { id: live.id, number: live.number } } : {}),
      lastHash: content.contentHash,
      ...(content.commit ? { lastCommit: content.commit.oid } : {}),
      // Today's API, without a record of what was delivered (a runner without state) or with entries
      // whose content it did not know: the live pages the plan recognized as git's, by id, so the next
      // run maps them as the run that wrote them. Stamped with each page's `updatedAt`, so an edit made
      // in the platform after this run is seen as one.
      ...(pagePlan && pagePlan.known !== state?.delivered
        ? {
            delivered: withUpdatedAt(
              pagePlan.known,
              (
                await api(() =>
                  deps.api.content.getRevision(live ? { spaceId: target.spaceId, changeRequest: live.id } : { spaceId: target.spaceId }, { signal }),
                )
              ).pages,
            ),
          }
        : {}),
      // The base is what main holds: content waiting in an open change request is not it yet.
      ...(keepsBase && !waiting ? { base: await nextBase(planned, skip.leftLive) } : {}),
      // Main holds what docsync left: while it stays at this revision, an unchanged repo reads only that.
      ...(keepsBase && !waiting ? { seenRevision: (main ?? (await api(() => mainRevision(deps.api.spaces, target.spaceId, [], signal))))?.revision } : {}),
      syncedAt: now().toISOString(),
    });
  }
  if (!options.dryRun) await content.keep();
  return { ...base, outcome: 'skipped', ...(known ? { changeRequest: known } : {}), ...skip.reported, timings: stopwatch.timings() };
}

/**
 * What was delivered, with the pages that went live with other content than git's known by id only:
 * git takes that content in with other bytes (links to files uploaded in the platform written as
 * paths), so the next plan compares those pages by meaning, as a runner without state does. Left in
 * a change request not merged (`merged` false), no base holds them yet: their stamps go too, so the
 * next run reads them as the platform's rather than as the base has them.
 */
function unhashedLeftLive(delivered: Delivered, leftLive: ReadonlyMap<string, string | null>, merged: boolean): Delivered {
  const held = [...leftLive].flatMap(([path, text]) => {
    const page = text === null ? undefined : delivered.pages.get(path);
    const stamp = merged ? page?.updatedAt : undefined;
    if (page === undefined || (page.hash === undefined && page.updatedAt === stamp)) return [];
    return [[path, { id: page.id, hash: undefined, ...(stamp === undefined ? {} : { updatedAt: stamp }) }] as const];
  });
  return held.length === 0 ? delivered : { ...delivered, pages: new Map([...delivered.pages, ...held]) };
}

/**
 * The base once this content is what main holds, with `leftLive` (pages that went live other than
 * git's, or not at all) held in it; pages `sent` as git holds them are taken as sent, not read again.
 */
async function nextBase(planned: PlannedSync, leftLive: ReadonlyMap<string, string | null>, sent?: ReadonlyMap<string, BasePage>): Promise<TargetBase> {
  const { content, state, delivery, assumed, titlings, gitPages } = planned;
  // A table of contents laid over git's titles the pages left live as it does.
  const summary = content.snapshot.summary;
  const liveTitlings = summary !== undefined && typeof leftLive.get(summary) === 'string' ? pageTitlings(await content.layOver(leftLive), delivery) : titlings;
  // Planned from the changed pages alone, nothing left live: the previous base plus those pages.
  const carried = assumed && leftLive.size === 0 ? await baseWithChanges(content, state?.base, assumed.diff.changed, titlings) : undefined;
  return carried ?? withLivePages(await baseOnceLive(content, state, gitPages, titlings, sent), leftLive, liveTitlings);
}
