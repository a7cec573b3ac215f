import type { Page } from '../../api/schemas/content.js';
import type { PagePlan } from '../pages/page-plan.js';
import type { Delivered } from '../pages/send-batches.js';
import type { DetectedEdits } from './detected-edits.js';

/**
 * Under `platformEdits: overwrite`, the pages a delivery writes over or deletes that were changed in
 * the platform since docsync delivered them (their `updatedAt` is no longer the one read back), or
 * made there (a page deleted that docsync never delivered): by path in the docs root, or by title for
 * a page made in the platform. Pure.
 */
export function overwrittenEdits(live: readonly Page[], delivered: Delivered['pages'], plan: Pick<PagePlan, 'changes'>): string[] {
  const byId = new Map([...delivered].map(([path, entry]) => [entry.id, { path, updatedAt: entry.updatedAt }]));
  const updatedAt = new Map<string, string | undefined>();
  const walk = (pages: readonly Page[]): void =>
    pages.forEach((page) => {
      if (page.type === 'document') updatedAt.set(page.id, page.updatedAt);
      walk(page.pages ?? []);
    });
  walk(live);
  const edited = (id: string): boolean => {
    const known = byId.get(id);
    const now = updatedAt.get(id);
    return known?.updatedAt !== undefined && now !== undefined && now !== known.updatedAt;
  };
  const pages: string[] = [];
  for (const change of plan.changes) {
    if (change.kind === 'update-page' && change.document && edited(change.id)) pages.push(byId.get(change.id)?.path ?? change.path);
    if (change.kind !== 'delete-page' || !updatedAt.has(change.id)) continue;
    if (!byId.has(change.id)) pages.push(`"${change.title}" (made in the platform)`);
    else if (edited(change.id)) pages.push(byId.get(change.id)?.path ?? change.title);
  }
  return pages;
}

/**
 * Under `overwrite`, without a record of what docsync delivered (a runner without state) or where
 * pages carry their git source (an import): the pages the platform changed, added, removed or moved
 * since the base, as the platform-edits check finds them, which git's version replaces. By path in
 * the docs root, or by title for a page made in the platform. Pure.
 */
export function discardedEdits(detected: Pick<DetectedEdits, 'changes' | 'titles' | 'moved'>): string[] {
  const pages = detected.changes.flatMap((change) => {
    if (change.kind !== 'platform' && change.kind !== 'both') return [];
    const made = change.base === undefined && change.git === undefined;
    return [made ? `"${detected.titles.get(change.path) ?? change.path}" (made in the platform)` : change.path];
  });
  return [...pages, ...detected.moved.filter((path) => !pages.includes(path))];
}

/** The warning of a sync under `overwrite` that writes over `discarded` platform edits; undefined when it discards none. */
export function overwriteWarning(discarded: readonly string[], dryRun: boolean | undefined): string | undefined {
  if (discarded.length === 0) return undefined;
  return `platformEdits: overwrite ${dryRun === true ? 'would discard' : 'discards'} what was edited in the platform since the last sync of ${discarded.join(', ')} (platformEdits: preserve keeps such edits on a branch)`;
}
