import type { ApiClient } from '../api/api-client.js';
import { NotFoundError } from '../api/errors/not-found-error.js';
import type { ContractName } from '../api/contracts/api-contract.js';
import type { SiteRef } from '../api/resources/call-options.js';
import type { Logger } from '../logging/logger.js';
import type { StateStore } from '../state/state-store.js';
import type { ActionContext } from './action-context.js';
import { describeSiteAction } from './describe-site-action.js';
import { SiteApplyError } from './errors/site-apply-error.js';
import { SiteTitleError, siteTitleProblem } from './errors/site-title-error.js';
import { AGENTS_CONTEXT_NOTE } from './plan-site-settings.js';
import { runCreation } from './run-site-creation.js';
import { siteApiContract } from './site-api-contract.js';
import type { ObjectRef, SiteAction, SitePlan } from './site-action.js';
import { SiteIdentities } from './site-identities.js';

export interface ApplySiteDeps {
  api: ApiClient;
  state: StateStore;
  logger: Logger;
}

export interface ApplySiteOptions {
  /** Log `DRY-RUN: would …` for each action and write nothing. Default false. */
  dryRun?: boolean;
  signal?: AbortSignal;
}

export interface ApplySiteResult {
  /** The site's id (new when the plan created it); undefined only in a dry run that would create it. */
  siteId: string | undefined;
  /** Actions carried out. */
  applied: number;
  /** API write calls made (an action may take two: a creation and the settings it cannot take). */
  writes: number;
}

/**
 * Carries out a plan, in order. Idempotent by construction: the plan holds only differences, so a
 * second plan after a complete apply is empty. A failing action stops the run with a
 * {@link SiteApplyError}; what was created is in the state store, so the next plan completes the rest.
 * A site title the API cannot hold stops it before any write ({@link SiteTitleError}).
 */
export async function applySitePlan(deps: ApplySiteDeps, plan: SitePlan, options: ApplySiteOptions = {}): Promise<ApplySiteResult> {
  const { api, logger } = deps;
  const total = plan.actions.length;
  // The manifest may hold a title the API cannot (the plan noted it): stop before the first write.
  for (const action of plan.actions) {
    const title = action.kind === 'create-site' ? action.title : action.kind === 'update-site' ? action.body.title : undefined;
    if (title !== undefined && siteTitleProblem(title) !== undefined) throw new SiteTitleError(title);
  }
  if (options.dryRun) {
    for (const action of plan.actions) logger.info({ site: plan.siteId, action: action.kind }, `DRY-RUN: would ${describeSiteAction(action)}`);
    return { siteId: plan.siteId, applied: 0, writes: 0 };
  }
  const ids = await SiteIdentities.open(deps.state, plan.siteId, plan.identities);
  let siteId = plan.siteId;
  let writes = 0;
  let contract: Promise<ContractName> | undefined;
  const contractOnce = (): Promise<ContractName> => (contract ??= siteApiContract(api, options.signal));
  /** A site created on today's API shows no `agentsContext`: the plan, made before, could not know. */
  let withoutAgentsContext = false;
  for (const [index, action] of plan.actions.entries()) {
    const description = describeSiteAction(action);
    try {
      if (action.kind === 'create-site') {
        const site = await api.sites.create(plan.organization, { title: action.title, visibility: action.visibility }, { signal: options.signal });
        siteId = site.id;
        ids.setSite(site.id);
        writes += 1;
        logger.info({ site: site.id }, `created site "${site.title}"; set site.id: ${site.id} in the manifest to pin it`);
        withoutAgentsContext = site.agentsContext === undefined;
        continue;
      }
      if (siteId === undefined) throw new TypeError('the plan has no site to apply to');
      const site: SiteRef = { orgId: plan.organization, siteId };
      const ctx: ActionContext = { api, site, ids, signal: options.signal, resolve: (ref) => resolveRef(ids, ref), contract: contractOnce };
      if (withoutAgentsContext && action.kind === 'update-site' && action.body.agentsContext !== undefined) {
        const { agentsContext: _dropped, ...body } = action.body;
        logger.warn({ site: siteId }, AGENTS_CONTEXT_NOTE);
        if (Object.keys(body).length > 0) writes += await runAction(ctx, { ...action, body });
        continue;
      }
      writes += await runAction(ctx, action);
      logger.info({ site: siteId, action: action.kind }, description);
    } catch (error) {
      await ids.interrupted();
      logger.error({ site: siteId, action: action.kind, err: error instanceof Error ? error.message : String(error) }, `site apply failed: ${description}`);
      throw new SiteApplyError(action, description, index, { cause: error });
    }
  }
  await ids.complete();
  return { siteId, applied: total, writes };
}

/** One action; returns the number of write calls it made. */
async function runAction(ctx: ActionContext, action: SiteAction): Promise<number> {
  const { api, site, signal } = ctx;
  const call = { signal };
  switch (action.kind) {
    case 'create-site':
      return 0;
    case 'put-adaptive-schema':
      await api.sites.putAdaptiveSchema(site, action.jsonSchema, call);
      return 1;
    case 'update-site':
      await api.sites.update(site, action.body, call);
      return 1;
    case 'update-section-group':
      await api.sectionGroups.update(site, action.id, action.body, call);
      return 1;
    case 'update-section':
      await api.sections.update(site, action.id, action.body, call);
      return 1;
    case 'update-site-space':
      await api.siteSpaces.update(site, action.id, action.body, call);
      return 1;
    case 'create-section':
    case 'create-site-space':
    case 'create-section-group':
    case 'create-share-link':
    case 'create-external-link':
      return runCreation(ctx, action);
    case 'add-section-to-group':
      // Today's API dropped addSectionToGroup: the section's own PATCH names its group.
      if ((await ctx.contract()) === 'current')
        await api.sections.update(site, ctx.resolve(action.section), { siteSectionGroupId: ctx.resolve(action.group) }, call);
      else await api.sectionGroups.addSection(site, ctx.resolve(action.group), ctx.resolve(action.section), call);
      return 1;
    case 'remove-section-from-group':
      if ((await ctx.contract()) === 'current') await api.sections.update(site, action.section, { siteSectionGroupId: null }, call);
      else await api.sectionGroups.removeSection(site, action.groupId, action.section, call);
      return 1;
    case 'update-external-link':
      await api.externalLinks.update(site, action.id, action.body, call);
      return 1;
    case 'move-external-link':
      await api.externalLinks.update(site, action.id, { parent: action.group ? ctx.resolve(action.group) : null }, call);
      return 1;
    case 'set-default-site-space':
      if (action.section) await api.sections.update(site, ctx.resolve(action.section), { defaultSiteSpace: ctx.resolve(action.siteSpace) }, call);
      else await api.sites.update(site, { defaultSiteSpace: ctx.resolve(action.siteSpace) }, call);
      return 1;
    case 'set-default-section':
      await api.sites.update(site, { defaultSiteSection: ctx.resolve(action.section) }, call);
      return 1;
    case 'update-share-link':
      await api.shareLinks.update(site, action.id, action.body, call);
      return 1;
    case 'delete-site-space':
      return deleting(ctx, action.id, () => api.siteSpaces.delete(site, action.id, call));
    case 'delete-section':
      return deleting(ctx, action.id, () => api.sections.delete(site, action.id, call));
    case 'delete-section-group':
      return deleting(ctx, action.id, () => api.sectionGroups.delete(site, action.id, call));
    case 'delete-share-link':
      return deleting(ctx, action.id, () => api.shareLinks.delete(site, action.id, call));
    case 'delete-external-link':
      return deleting(ctx, action.id, () => api.externalLinks.delete(site, action.id, call));
  }
}

/** Deletes, counting an object already gone as deleted (a retry after a crash finds it so). */
async function deleting(ctx: ActionContext, id: string, remove: () => Promise<void>): Promise<number> {
  try {
    await remove();
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
  }
  ctx.ids.deleted(id);
  return 1;
}

function resolveRef(ids: SiteIdentities, ref: ObjectRef): string {
  if ('id' in ref) return ref.id;
  const id = ids.get(ref.created);
  // The plan orders every creation before its users, so this only trips on a hand-made plan.
  if (id === undefined) throw new TypeError(`${ref.created} is used before the plan creates it`);
  return id;
}
