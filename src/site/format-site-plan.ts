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

/**
 * The plan for machines: actions with their descriptions, and what apply did when it ran. Holds no
 * secret unless `secrets` (share-link URLs, from an explicit --show-secrets) is passed.
 */
export function sitePlanJson(plan: SitePlan, applied?: { applied: number; writes: number; dryRun: boolean }, secrets?: readonly object[]): string {
  const { identities: _identities, ...rest } = plan;
  const report = {
    ...rest,
    changes: plan.actions.map(describeSiteAction),
    deletes: plan.actions.filter(isDeletion).length,
    ...(applied ? { result: applied } : {}),
    ...(secrets ? { shareLinkUrls: secrets } : {}),
  };
  return `${JSON.stringify(report, null, 2)}\n`;
}
