import { createHash } from 'node:crypto';
import type { ApiClient } from '../../api/api-client.js';
import { ApiError } from '../../api/errors/api-error.js';
import type { Page } from '../../api/schemas/content.js';
import type { SpaceTarget } from '../../config/config-schema.js';
import type { DocsSnapshot } from '../../content/gitbook/docs-snapshot.js';
import { layoutKey } from '../../content/gitbook/layout-key.js';
import type { Logger } from '../../logging/logger.js';
import type { RedirectRecord } from '../../state/redirect-record.js';
import type { StateStore } from '../../state/state-store.js';
import type { PreparedContent } from '../prepared-content.js';
import type { GroupsMode } from '../pages/desired-pages.js';
import { livePathsOf } from '../pages/live-pages.js';
import { syncedLayout } from '../pages/synced-layout.js';
import { applyRedirects } from './apply-redirects.js';
import { findPublishedSite } from './find-published-site.js';
import { planRedirects, type RedirectAction } from './plan-redirects.js';

/** What a sync did to the redirects of the site its space is published in. */
export interface RedirectsResult {
  /** The site, when the space is published in one. */
  site?: string;
  created: number;
  updated: number;
  deleted: number;
  /** Wanted redirects already live as wanted. */
  unchanged: number;
  /** `.gitbook.yaml` redirects to pages not in main yet: made by a later sync, once merged. */
  pending: string[];
  /** No redirect was refused nor left unread: what is not live is `pending`. */
  settled: boolean;
  warnings: string[];
}

export interface SyncRedirectsDeps {
  api: Pick<ApiClient, 'spaces' | 'content' | 'sites' | 'siteSpaces' | 'siteRedirects'>;
  state: StateStore;
  logger: Logger;
}

export interface SyncRedirectsRun {
  target: SpaceTarget;
  stateKey: string;
  content: PreparedContent;
  /** The sync wrote nothing: with the same content and redirects as the last settled run, nothing is read. */
  unchangedContent: boolean;
  /** Today's API (content batches): bulk upserts; else one call per redirect. */
  bulk: boolean;
  dryRun: boolean;
  beforeWrite: () => Promise<void>;
  signal?: AbortSignal | undefined;
}

/**
 * After a space sync: the site's redirects made what `.gitbook.yaml` and the pages' moves say (see
 * {@link planRedirects}), and remembered. Undefined when there is nothing to keep. An API refusal
 * (a token that may not edit the site) is a warning: the content is synced all the same.
 */
export async function syncRedirects(deps: SyncRedirectsDeps, run: SyncRedirectsRun): Promise<RedirectsResult | undefined> {
  const { target, signal } = run;
  const state = await deps.state.get(run.stateKey);
  const record = state?.redirects;
  const fileRedirects = run.content.snapshot.config.redirects;
  const keeps = Object.keys(fileRedirects).length > 0 || target.redirects === 'auto' || (record?.made.length ?? 0) > 0;
  if (!keeps) return undefined;
  // Settled for a table of contents (pages' paths, titles, nesting) and `.gitbook.yaml`'s redirects:
  // an edit of pages' content moves no page, so it costs no read.
  const settled = settledKey(run.content, fileRedirects, target.redirects);
  // A sync that wrote nothing costs no read either: the redirects were settled (or wait on a change
  // request, which the next sync that reads main sees merged), or, without a record (a runner
  // without state), they are kept by the runs that write content.
  const sameLayout = record !== undefined && record.settled === settled;
  if ((run.unchangedContent && (record === undefined || sameLayout)) || (sameLayout && record.pending.length === 0)) {
    return record === undefined
      ? undefined
      : { ...(record.site ? { site: record.site.siteId } : {}), ...counts(), unchanged: record.made.length, pending: record.pending };
  }

  const result: RedirectsResult = { ...counts(), unchanged: 0 };
  try {
    const space = await deps.api.spaces.get(target.spaceId, { signal });
    if (space.organization === undefined) return undefined;
    const found = await findPublishedSite(deps.api, space.organization, target.spaceId, signal);
    if (found.others > 0)
      result.warnings.push(`the space is published in ${found.others + 1} sites: redirects are kept in the first, ${found.site?.siteId ?? ''}`);
    const site = found.site;
    if (site === undefined) {
      if (Object.keys(fileRedirects).length > 0)
        result.warnings.push(`the space is published in no site: its ${Object.keys(fileRedirects).length} .gitbook.yaml redirects wait until it is`);
      if (!run.dryRun)
        await deps.state.set(run.stateKey, { ...(state ?? { reviewersRequested: [] }), redirects: { made: record?.made ?? [], pending: [], settled } });
      return result;
    }
    result.site = site.siteId;
    // The page tree alone (not the revision with its files), kept as what is used of it: the top
    // level, and each document's id, path and git blob. Main's whole tree is not held.
    const topLevel: Pick<Page, 'type' | 'title'>[] = [];
    const mainPages = new Map<string, string>();
    const mainBlobs = new Map<string, string>();
    const byGitPath = new Map<string, string>();
    const keep = (page: Page, depth: number): void => {
      if (depth === 0) topLevel.push({ type: page.type, title: page.title });
      if (page.type !== 'document') return;
      mainPages.set(page.id, page.path ?? '');
      if (page.git === undefined) return;
      byGitPath.set(page.git.path, page.id);
      mainBlobs.set(page.id, page.git.oid);
    };
    const [, live] = await Promise.all([
      deps.api.content.eachPage({ spaceId: target.spaceId }, keep, { signal }),
      deps.api.siteRedirects.list(site, { signal }).all(),
    ]);
    const delivered = state?.delivered?.pages;
    // Laid out only for a file neither record finds (never on a first sync, which delivered every page).
    let laidOut: ReadonlyMap<string, string> | undefined;
    const plan = planRedirects({
      prefix: site.prefix,
      siteSpaceId: site.siteSpaceId,
      fileRedirects,
      mainPages,
      mainBlobs,
      pageIdOf: (file) =>
        delivered?.get(file)?.id ?? byGitPath.get(file) ?? (laidOut ??= layoutIds(run.content.snapshot, topLevel, mainPages, target.groups)).get(file),
      auto: target.redirects === 'auto',
      made: record?.made ?? [],
      last: state?.redirectPages,
      live: live.filter((r) => r.draft !== true),
    });
    result.pending = [...plan.pending];
    result.warnings.push(...plan.warnings);
    result.unchanged = plan.unchanged;
    if (run.dryRun) {
      for (const action of plan.actions) deps.logger.info({ target: target.name }, `DRY-RUN: would ${describeRedirect(action)}`);
      tally(result, plan.actions);
      return result;
    }
    for (const action of plan.actions) deps.logger.info({ target: target.name }, describeRedirect(action));
    const failed = await applyRedirects(deps.api, site, plan.actions, run.bulk, run.beforeWrite, signal);
    result.settled = failed.size === 0;
    for (const [source, why] of failed) result.warnings.push(`redirect from ${source}: refused by the API (${why})`);
    tally(
      result,
      plan.actions.filter((a) => !failed.has(a.source)),
    );
    const made = plan.made.filter((source) => !failed.has(source));
    // Deletions that failed stay docsync's, to be tried again.
    for (const action of plan.actions) if (action.kind === 'delete' && failed.has(action.source)) made.push(action.source);
    const next: RedirectRecord = { made, site, pending: [...plan.pending], ...(failed.size === 0 ? { settled } : {}) };
    await run.beforeWrite();
    await deps.state.set(run.stateKey, {
      ...((await deps.state.get(run.stateKey)) ?? { reviewersRequested: [] }),
      redirects: next,
      redirectPages: plan.pages,
    });
    return result;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    result.settled = false;
    result.warnings.push(`redirects not synced: ${error.message}`);
    deps.logger.warn({ target: target.name }, `redirects not synced: ${error.message}`);
    return result;
  }
}

/** `create redirect /docs/old → page p1 (.gitbook.yaml: old → new.md)`, for logs and dry runs. */
export function describeRedirect(action: RedirectAction): string {
  if (action.kind === 'delete') return `delete redirect ${action.source} (no longer wanted)`;
  return `${action.kind} redirect ${action.source} → page ${action.pageId} (${action.why})`;
}

/**
 * Page id by repo path where content batches lay the pages out in main (pages they wrote carry no
 * git source): what a runner without a record of its deliveries finds its pages by.
 */
function layoutIds(
  snapshot: DocsSnapshot,
  topLevel: readonly Pick<Page, 'type' | 'title'>[],
  mainPages: ReadonlyMap<string, string>,
  groups: GroupsMode,
): Map<string, string> {
  const idByPath = new Map([...mainPages].map(([id, path]) => [path, id]));
  const ids = new Map<string, string>();
  for (const [livePath, file] of livePathsOf(syncedLayout(snapshot, topLevel, groups).groups)) {
    const id = idByPath.get(livePath);
    if (id !== undefined) ids.set(file, id);
  }
  return ids;
}

function tally(result: RedirectsResult, actions: readonly RedirectAction[]): void {
  for (const action of actions) {
    if (action.kind === 'create') result.created += 1;
    else if (action.kind === 'update') result.updated += 1;
    else result.deleted += 1;
  }
}

function counts(): Omit<RedirectsResult, 'unchanged'> {
  return { created: 0, updated: 0, deleted: 0, pending: [], settled: true, warnings: [] };
}

/** The page tree's layout as the read keeps it (a one-page edit does not decode the tree), with the redirects and mode. */
function settledKey(content: Pick<PreparedContent, 'snapshot' | 'layoutKey'>, redirects: Readonly<Record<string, string>>, mode: string): string {
  const layout = content.layoutKey?.() ?? layoutKey(content.snapshot.pages);
  return createHash('sha256')
    .update(JSON.stringify([redirects, mode, layout]))
    .digest('hex')
    .slice(0, 32);
}
