import type { ContentExpectation, ExpectedPage } from '../../content/bundle/content-expectation.js';
import type { Verification } from '../../content/bundle/verify-content.js';
import { bundleExpectation } from '../bundle-expectation.js';
import { changeRequestSubject } from '../change-request-subject.js';
import { subjectWithToken } from '../sync-token/sync-token.js';
import { compareWithLive } from '../compare-with-live.js';
import { pageDiff, type PageDiff } from '../page-diff.js';
import { planDelivery } from '../pages/plan-delivery.js';
import type { PlannedDelivery } from '../pages/planned-delivery.js';
import { summarizePagePlan } from '../pages/summarize-page-plan.js';
import { pageTitlings, type Titlings } from '../platform-edits/page-titlings.js';
import { planSpaceSync, type SpaceSyncPlan } from '../space-sync-plan.js';
import { resultBase } from '../space-sync-result.js';
import { summaryNotices } from '../structure-notices.js';
import { superseding } from '../superseding.js';
import type { Observation } from './observe.js';
import type { SyncRun } from './sync-run.js';

/** What to write, and what every result of this run says. */
export interface PlannedSync extends Omit<Observation, 'syncedCommitRead'> {
  /** Today's API: the page-level plan against the change request's content (the space's before one exists). */
  readonly pagePlan: PlannedDelivery | undefined;
  /** An import: what the space must hold once the bundle is imported. */
  readonly expectation: (ContentExpectation & { kind: 'exact' }) | undefined;
  /** An import: the live content compared with the bundle. */
  readonly liveContent: (Verification & { titles: Record<string, string> }) | undefined;
  readonly liveMatches: boolean | undefined;
  readonly plan: SpaceSyncPlan;
  /** What every result of this run says; its warnings grow as later stages warn. */
  readonly base: ReturnType<typeof resultBase>;
  readonly titlings: Titlings;
  /** Every page of git by path and blob id, read once: what the platform's pages are compared with, and the next base. */
  readonly gitPages: () => Promise<readonly ExpectedPage[]>;
}

/** Plans the sync from what was observed: the page changes (today's API) or the comparison with the bundle (an import), then the actions. */
export async function plan(run: SyncRun, observation: Observation): Promise<PlannedSync> {
  const { deps, target, signal, stopwatch, api } = run;
  const { syncedCommitRead, ...observed } = observation;
  const { content, state, delivery, unchanged, assumed, live } = observed;
  const pagePlan =
    unchanged || delivery === 'import'
      ? undefined
      : (assumed ??
        (await superseding(target.name, () =>
          stopwatch.time('planMs', () =>
            planDelivery(
              run.timedApi,
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
  for (const warning of pagePlan?.plan.warnings ?? []) deps.logger.warn({ target: target.name }, warning);
  const expectation = unchanged || delivery === 'changes' ? undefined : bundleExpectation(content);
  // Pages that differ are read to compare by meaning: one changed since the read supersedes the sync, before any write.
  const liveContent =
    expectation &&
    (await superseding(target.name, () => api(() => compareWithLive(deps.api, target, content, expectation, live, signal, { byMeaning: true }))));
  const liveMatches = pagePlan ? pagePlan.plan.changes.length === 0 : liveContent?.ok;
  const subject = subjectWithToken(
    changeRequestSubject(target.changeRequest.subject, target.name, content.commit, await syncedCommitRead),
    target,
    delivery,
    content.contentHash,
  );
  const spacePlan = planSpaceSync({
    target,
    contentHash: content.contentHash,
    subject,
    state,
    liveChangeRequest: live,
    liveMatches,
    ...(delivery === 'changes' ? { delivery: { changes: pagePlan?.plan.changes.length ?? 0, summary: summarizePagePlan(pagePlan?.plan) } } : {}),
  });
  // What the delivery cannot express of SUMMARY.md, and where the plan places pages otherwise, go to every report.
  const notices = [...summaryNotices(content, delivery, target.groups), ...(pagePlan?.plan.warnings ?? [])];
  const base = { ...resultBase(target, content, spacePlan, delivery), warnings: [...content.warnings, ...notices] };
  let gitPagesFound = expectation;
  const gitPages = (): Promise<readonly ExpectedPage[]> => Promise.resolve((gitPagesFound ??= bundleExpectation(content)).pages);
  const titlings = pageTitlings(content, delivery);
  return { ...observed, pagePlan, expectation, liveContent, liveMatches, plan: spacePlan, base, titlings, gitPages };
}

/** What the sync changes (or would) versus the live content. */
export function diffOfLive({ pagePlan, liveContent }: Pick<PlannedSync, 'pagePlan' | 'liveContent'>): { diff?: PageDiff } {
  return pagePlan ? { diff: pagePlan.diff } : liveContent ? { diff: pageDiff(liveContent, liveContent.titles) } : {};
}
