import type { Revision } from '../../api/schemas/content.js';
import type { SpaceTarget } from '../../config/config-schema.js';
import { decodeText } from '../../content/gitbook/clean-text.js';
import { redactUrl } from '../../content/git/git-network.js';
import { parseSummary } from '../../content/gitbook/parse-summary.js';
import { verifyContent } from '../../content/bundle/verify-content.js';
import type { TargetState } from '../../state/state-store.js';
import { bundleExpectation } from '../bundle-expectation.js';
import { ImportVerificationError } from '../errors/import-verification-error.js';
import type { PreparedContent } from '../prepared-content.js';
import type { SpaceSyncAction, SpaceSyncPlan } from '../space-sync-plan.js';
import { describeAction } from '../space-sync-plan.js';
import { resultBase, type SpaceSyncResult } from '../space-sync-result.js';
import type { SyncSpaceDeps, SyncSpaceOptions } from '../sync-space-deps.js';
import { SyncStopwatch } from '../sync-stopwatch.js';
import { checkRemoteRef, pushToRemote } from './check-remote-ref.js';
import { GitImportOverwriteError } from './git-import-overwrite-error.js';
import { gitImportSource } from './git-import-source.js';
import { waitForGitImport } from './wait-for-git-import.js';

/**
 * One sync of a `delivery: git` target: the platform imports the synced commit from the repository
 * `git.url` names (importGitRepository, GitBook's own Git Sync import), so `##` groups, link entries
 * and items without a link arrive as the platform builds them. The docs are read from that commit.
 * Nothing to do (no write) when the state or the space's revision (`git.oid`) already holds the
 * commit; else the remote must hold it at the ref (or docsync pushes it, `git.push`), the import is
 * asked for, and the space is read until it shows the commit, then checked to hold every page.
 * The URL is shown without its credentials everywhere.
 */
export async function syncByGit(deps: SyncSpaceDeps, target: SpaceTarget, key: string, options: SyncSpaceOptions): Promise<SpaceSyncResult> {
  const git = target.git;
  if (git === undefined || target.mode !== 'direct')
    throw new Error(`Internal error: target ${target.name} has delivery: git without git settings or mode: direct.`);
  const { signal } = options;
  const stopwatch = new SyncStopwatch();
  const api = <T>(call: () => Promise<T>): Promise<T> => stopwatch.time('apiMs', call);
  const source = await stopwatch.time('readMs', () => gitImportSource(target, signal));
  const content = await stopwatch.time('readMs', () => deps.prepare({ ...target, source: source.commit }, { signal }));
  const state = await stopwatch.time('planMs', () => deps.state.get(key));
  const url = redactUrl(git.url);
  const about = { url, ref: source.ref, commit: source.commit };
  const short = source.commit.slice(0, 12);
  const done = (plan: SpaceSyncPlan, outcome: SpaceSyncResult['outcome'], pushed = false): SpaceSyncResult => ({
    ...resultBase(target, content, plan, 'git'),
    outcome,
    git: { ...about, pushed },
    timings: stopwatch.timings(),
  });
  const skip = async (skipReason: string, save: boolean): Promise<SpaceSyncResult> => {
    if (save && options.dryRun !== true) await record(deps, key, state, content, source.commit);
    return done({ target: target.name, skipReason, actions: [] }, 'skipped');
  };

  if (options.compareLive !== true && state?.lastCommit === source.commit && state.lastHash === content.contentHash)
    return skip(`commit ${short} was imported by the last sync`, false);
  const space = await api(() => deps.api.spaces.get(target.spaceId, { signal }));
  const live = space.revision === undefined ? undefined : await api(() => deps.api.content.getRevision({ spaceId: target.spaceId }, { signal }));
  if (live?.git?.oid === source.commit) return skip(`the space already holds commit ${short}`, true);
  if (target.platformEdits !== 'overwrite' && live !== undefined && live.git?.oid === undefined && live.pages.length > 0)
    throw new GitImportOverwriteError(target.name, live.id);

  const remote = await checkRemoteRef(git, source, signal);
  const actions: SpaceSyncAction[] = [...(remote === 'push' ? [{ kind: 'git-push' as const, ...about }] : []), { kind: 'git-import', ...about }];
  const plan: SpaceSyncPlan = { target: target.name, actions };
  if (options.dryRun === true) {
    for (const action of actions) deps.logger.info({ target: target.name }, `DRY-RUN: would ${describeAction(action)}`);
    return done(plan, 'planned');
  }

  for (const action of actions) deps.logger.info({ target: target.name }, describeAction(action));
  await options.fence?.check();
  if (remote === 'push') await stopwatch.time('uploadMs', () => pushToRemote(git, source));
  await options.fence?.check();
  const body = { url: git.url, ref: source.ref, ...(source.projectDirectory === '' ? {} : { repoProjectDirectory: source.projectDirectory }) };
  await api(() => deps.api.spaces.importGit(target.spaceId, body, { signal })).catch((error: unknown) => {
    throw withoutCredentials(error, git.url, url);
  });
  const landed = await api(() =>
    waitForGitImport(deps.api, { spaceId: target.spaceId, before: space.revision, commit: source.commit, timeoutMs: git.timeout, shownUrl: url, signal }),
  );
  // Read back before it counts as synced: an import that left pages out is a failure, never "imported".
  const verification = verifyContent(bundleExpectation(content), withoutMadePages(landed.pages, await unlinkedTitles(content)), landed.files);
  if (!verification.ok) throw new ImportVerificationError({ kind: 'space', spaceId: target.spaceId }, verification);
  await record(deps, key, state, content, source.commit);
  await content.keep();
  return done(plan, 'imported', remote === 'push');
}

/** The commit is what the space holds: later runs of the same docs make no request. */
async function record(deps: SyncSpaceDeps, key: string, state: TargetState | undefined, content: PreparedContent, commit: string): Promise<void> {
  const now = deps.now ?? (() => new Date());
  await deps.state.set(key, { ...(state ?? { reviewersRequested: [] }), lastHash: content.contentHash, lastCommit: commit, syncedAt: now().toISOString() });
}

/** Titles of `SUMMARY.md`'s items without a link: the import makes each a page with no source file. */
async function unlinkedTitles(content: Pick<PreparedContent, 'snapshot' | 'readMany'>): Promise<Set<string>> {
  const { summary } = content.snapshot;
  if (summary === undefined) return new Set();
  for await (const { bytes } of content.readMany([summary])) return new Set(parseSummary(decodeText(bytes)).unlinked.map((item) => item.title));
  return new Set();
}

/** The live tree without the pages the import made of items without a link (they hold no file, so they are structure). */
function withoutMadePages(pages: Revision['pages'], made: ReadonlySet<string>): Revision['pages'] {
  return pages.flatMap((page) => {
    const children = withoutMadePages(page.pages ?? [], made);
    if (page.type === 'document' && page.git === undefined && made.has(page.title)) return children;
    return [{ ...page, pages: children }];
  });
}

/** An error whose message may quote the URL as sent (an answer of the API): the URL shown instead. */
function withoutCredentials(error: unknown, sent: string, shown: string): unknown {
  if (error instanceof Error && sent !== shown) {
    error.message = error.message.replaceAll(sent, shown);
    if (error.stack !== undefined) error.stack = error.stack.replaceAll(sent, shown);
  }
  return error;
}
