import { MainKeptMovingError } from './errors/main-kept-moving-error.js';
import type { SpaceTarget } from '../config/config-schema.js';
import { BatchesUnavailable } from './batches-unavailable.js';
import { syncByGit } from './git-delivery/sync-by-git.js';
import { ChangeRequestBehindMain } from './change-request-behind-main.js';
import { MainMoved } from './main-moved.js';
import type { PreparedContent } from './prepared-content.js';
import { syncRedirects } from './redirects/sync-redirects.js';
import { rememberDelivery, type Delivery } from './resolve-delivery.js';
import type { SpaceSyncResult } from './space-sync-result.js';
import { apply } from './stages/apply.js';
import { guard, unresolvedConflict } from './stages/guard.js';
import { observe } from './stages/observe.js';
import { plan } from './stages/plan.js';
import { record, recordSkipped } from './stages/record.js';
import { startRun, type EarlierPasses } from './stages/sync-run.js';
import type { SyncSpaceDeps, SyncSpaceOptions } from './sync-space-deps.js';
import { addTimings } from './sync-stopwatch.js';
import { afterProvenSkip, tokenAfterConflict, tokenAfterDelivery } from './sync-token/record-after-sync.js';
import { skipIfProven } from './sync-token/skip-if-proven.js';

export type { SyncSpaceDeps, SyncSpaceOptions } from './sync-space-deps.js';
export type { SpaceSyncResult } from './space-sync-result.js';

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
  const ran = await syncContent(reading, target, options);
  // The read the proof made is this sync's read: its time belongs in the sync's timings.
  const result = stateless.timings === undefined ? ran : { ...ran, timings: addTimings(stateless.timings, ran.timings) };
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

/**
 * A sync planned from its state that found main moved runs again: its state now names the change
 * request it opened, so it reads what is live. One whose change request conflicted with main, which
 * it archived, runs again against main. Each happens once in a run: three passes at most, then
 * {@link MainKeptMovingError}.
 */
async function syncAgainIfMoved(deps: SyncSpaceDeps, target: SpaceTarget, chosen: Delivery | undefined, options: SyncSpaceOptions): Promise<SpaceSyncResult> {
  let behindMain: ChangeRequestBehindMain | undefined;
  let opened: string | undefined;
  let result: SpaceSyncResult | undefined;
  for (let pass = 1; result === undefined; pass += 1) {
    try {
      result = await syncSpaceBy(deps, target, chosen, options, { behindMain, opened });
    } catch (error) {
      if (!(error instanceof MainMoved || error instanceof ChangeRequestBehindMain)) throw error;
      if (pass === 3) throw new MainKeptMovingError(target.name, pass, { cause: error });
      deps.logger.info({ target: target.name }, error.message);
      if (error instanceof ChangeRequestBehindMain) behindMain = error;
      else opened = error.opened ?? opened;
    }
  }
  if (behindMain === undefined) return result;
  const into =
    result.changeRequest === undefined
      ? 'synced again against main'
      : `delivered the docs into change request #${result.changeRequest.number}, opened from main`;
  const warning = `change request #${behindMain.changeRequest.number} conflicted with main (the platform changed pages it changes since it was opened): docsync archived it and ${into}`;
  deps.logger.warn({ target: target.name }, warning);
  return { ...result, warnings: [...result.warnings, warning] };
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

/**
 * One sync by a delivery (`chosen` undefined: resolved once the docs were read, so bad input stops
 * before any request), in five stages, each given what the one before produced: observe what git
 * and the space hold, plan what to write, guard what must hold before the first write, apply the
 * writes, record the state they leave.
 */
async function syncSpaceBy(
  deps: SyncSpaceDeps,
  target: SpaceTarget,
  chosen: Delivery | undefined,
  options: SyncSpaceOptions,
  earlier: EarlierPasses = {},
): Promise<SpaceSyncResult> {
  const run = startRun(deps, target, options, stateKey(target.name), earlier);
  const observation = await observe(run, chosen);
  const conflicted = unresolvedConflict(run, observation);
  if (conflicted) return conflicted;
  const planned = await plan(run, observation);
  const guarded = await guard(run, planned);
  if (guarded.verdict === 'skip') return recordSkipped(run, planned, guarded.skip);
  if (guarded.verdict === 'dry-run') return guarded.result;
  return record(run, await apply(run, guarded.checked));
}
