import type { ApiClient } from '../api/api-client.js';
import type { ArtifactStore } from '../artifacts/artifact-store.js';
import type { SpaceTarget } from '../config/config-schema.js';
import type { Logger } from '../logging/logger.js';
import type { StateStore, TargetState } from '../state/state-store.js';
import { changeRequestSubject } from './change-request-subject.js';
import { findDocsyncChangeRequest } from './find-docsync-change-request.js';
import type { PreparedContent } from './prepared-content.js';
import { describeAction, planSpaceSync, type SpaceSyncPlan } from './space-sync-plan.js';
import { diffLivePages, type PageDiff } from './diff-live-pages.js';

export interface SyncSpaceDeps {
  api: Pick<ApiClient, 'changeRequests' | 'content'>;
  artifacts: ArtifactStore;
  state: StateStore;
  logger: Logger;
  /** Reads, hashes and (lazily) bundles a target's docs. */
  prepare(target: SpaceTarget): Promise<PreparedContent>;
  now?: () => Date;
}

export interface SyncSpaceOptions {
  dryRun?: boolean;
  signal?: AbortSignal;
}

export type SpaceSyncOutcome = 'skipped' | 'planned' | 'created' | 'updated' | 'merged' | 'imported';

export interface SpaceSyncResult {
  target: string;
  outcome: SpaceSyncOutcome;
  contentHash: string;
  pageCount: number;
  plan: SpaceSyncPlan;
  changeRequest?: { id: string; number: number; url?: string | undefined };
  /** Pages the platform imported, as it reported them. */
  imported?: { revision: string; importedResources: number; totalResources: number };
  /** In a dry run: what the import would change versus the live content. */
  diff?: PageDiff;
  warnings: string[];
}

export const stateKey = (target: string): string => `space:${target}`;

/**
 * One sync of a space target: read and hash the docs, read what is live, plan, then apply. Every
 * step is safe to repeat: a job retried after a crash converges on the same end state.
 */
export async function syncSpace(deps: SyncSpaceDeps, target: SpaceTarget, options: SyncSpaceOptions = {}): Promise<SpaceSyncResult> {
  const { signal } = options;
  const content = await deps.prepare(target);
  const key = stateKey(target.name);
  const state = await deps.state.get(key);
  const subject = changeRequestSubject(target.changeRequest.subject, target.name, content.commit);
  const unchanged = state?.lastHash === content.contentHash;
  const live =
    unchanged || target.mode === 'direct'
      ? undefined
      : await findDocsyncChangeRequest(deps.api, target.spaceId, target.name, state, signal);
  const plan = planSpaceSync({ target, contentHash: content.contentHash, subject, state, liveChangeRequest: live });
  const base = { target: target.name, contentHash: content.contentHash, pageCount: content.pageCount, plan, warnings: content.warnings };

  if (plan.actions.length === 0) {
    deps.logger.info({ target: target.name, reason: plan.skipReason }, 'sync skipped');
    return { ...base, outcome: 'skipped', ...(state?.changeRequest ? { changeRequest: state.changeRequest } : {}) };
  }
  if (options.dryRun) {
    for (const action of plan.actions) deps.logger.info({ target: target.name }, `DRY-RUN: would ${describeAction(action)}`);
    const into = live ? { spaceId: target.spaceId, changeRequest: live.id } : { spaceId: target.spaceId };
    const diff = await diffLivePages(deps.api.content, into, content.snapshot, (path) => content.readFile(path), signal);
    return { ...base, outcome: 'planned', diff, ...(plan.changeRequest ? { changeRequest: plan.changeRequest } : {}) };
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

  for (const action of plan.actions) {
    deps.logger.info({ target: target.name }, describeAction(action));
    switch (action.kind) {
      case 'create-change-request': {
        const created = await deps.api.changeRequests.create(target.spaceId, { subject: action.subject }, { signal });
        cr = { id: created.id, number: created.number, url: created.urls.app };
        // Saved at once: a crash before the import must find this change request, not open another.
        current = { ...current, changeRequest: { id: created.id, number: created.number }, reviewersRequested: [] };
        await deps.state.set(key, current);
        outcome = 'created';
        break;
      }
      case 'update-from-main':
        await deps.api.changeRequests.updateFromMain(target.spaceId, action.changeRequest, { signal });
        break;
      case 'set-subject':
        await deps.api.changeRequests.update(target.spaceId, action.changeRequest, { subject: action.subject }, { signal });
        break;
      case 'import': {
        const bytes = await content.bundle();
        const artifact = await deps.artifacts.publish(bytes, { name: `${target.name}.zip`, contentType: 'application/zip' });
        const into = action.into === 'space' ? { spaceId: target.spaceId } : { spaceId: target.spaceId, changeRequest: requireCr(cr).id };
        imported = await deps.api.content.import(into, { url: artifact.url, source: 'zip' }, { signal });
        break;
      }
      case 'request-reviewers':
        await deps.api.changeRequests.requestReviewers(target.spaceId, requireCr(cr).id, { users: action.users }, { signal });
        current = { ...current, reviewersRequested: [...current.reviewersRequested, ...action.users] };
        break;
      case 'merge':
        await deps.api.changeRequests.merge(target.spaceId, requireCr(cr).id, { signal });
        outcome = 'merged';
        break;
    }
  }

  const merged = outcome === 'merged';
  const { changeRequest: _previous, ...rest } = current;
  current = {
    ...(merged ? { ...rest, reviewersRequested: [] } : current),
    lastHash: content.contentHash,
    ...(content.commit ? { lastCommit: content.commit.oid } : {}),
    syncedAt: now().toISOString(),
  };
  await deps.state.set(key, current);
  return { ...base, outcome, ...(cr ? { changeRequest: cr } : {}), ...(imported ? { imported } : {}) };
}

function requireCr<T>(cr: T | undefined): T {
  if (cr === undefined) throw new Error('Internal error: the plan acts on a change request before creating one.');
  return cr;
}
