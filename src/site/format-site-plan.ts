import { describeSiteAction } from './describe-site-action.js';
import { isDeletion, type SiteAction, type SitePlan } from './site-action.js';

function markOf(action: SiteAction): string {
  if (isDeletion(action)) return '-';
  if (action.kind.startsWith('create-')) return '+';
  return '~';
}

/** The plan for a terminal: one line per action, then what is left alone and what cannot be done. */
export function formatSitePlan(plan: SitePlan): string {
  const where = plan.siteId === undefined ? `new site in ${plan.organization}` : `${plan.siteId} in ${plan.organization}`;
  const lines = [`Site "${plan.title}" (${where}): ${plan.actions.length === 0 ? 'no changes' : `${plan.actions.length} change(s)`}`];
  for (const action of plan.actions) lines.push(`  ${markOf(action)} ${describeSiteAction(action)}`);
  if (plan.unmanaged.length > 0) {
    lines.push(`Not in the manifest, left alone (--prune deletes them):`);
    for (const object of plan.unmanaged) lines.push(`  ? ${object.kind} ${object.label} [${object.id}]`);
  }
  for (const note of plan.notes) lines.push(`Note: ${note}`);
  return `${lines.join('\n')}\n`;
}

/** What {@link sitePlanJson} adds to the plan. */
export interface SitePlanReport {
  /** What apply did, when it ran. */
  readonly result?: { readonly applied: number; readonly writes: number; readonly dryRun: boolean } | undefined;
  /** Share-link URLs, from an explicit --show-secrets. */
  readonly shareLinkUrls?: readonly object[] | undefined;
  /** Why apply stopped without applying, in the shape every failed `--json` run prints. */
  readonly error?: object | undefined;
}

/**
 * The plan for machines: actions with their descriptions, and what apply did (or why it did not).
 * Holds no secret unless share-link URLs are passed.
 */
export function sitePlanJson(plan: SitePlan, report: SitePlanReport = {}): string {
  const { identities: _identities, ...rest } = plan;
  const document = {
    ...rest,
    changes: plan.actions.map(describeSiteAction),
    deletes: plan.actions.filter(isDeletion).length,
    ...(report.result ? { result: report.result } : {}),
    ...(report.shareLinkUrls ? { shareLinkUrls: report.shareLinkUrls } : {}),
    ...(report.error ? { error: report.error } : {}),
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}
