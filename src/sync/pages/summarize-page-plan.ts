import type { PagePlan } from './page-plan.js';

/** Counts of a page plan, for the plan's one line. */
export function summarizePagePlan(plan: PagePlan | undefined): string {
  const count = (kind: string): number => plan?.changes.filter((change) => change.kind === kind).length ?? 0;
  const files = plan?.changes.reduce((n, change) => n + (change.kind === 'insert-files' ? change.files.length : 0), 0) ?? 0;
  return `${count('insert-page')} new, ${count('update-page')} updated or moved, ${count('delete-page')} deleted, ${files} file${files === 1 ? '' : 's'}`;
}
