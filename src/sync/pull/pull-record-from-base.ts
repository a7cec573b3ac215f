import type { Page } from '../../api/schemas/content.js';
import { isHeadingKey } from '../pages/page-plan.js';
import type { SyncedBase } from '../platform-edits/find-synced-base.js';
import type { PullRecord } from './pull-record.js';

/**
 * docsync's record of a space rebuilt from git (the commit its change-request marker records, laid
 * out as the sync laid it out): each live page without a git path of its own at a place where the
 * sync put a repo page is that page, or the heading page docsync made there. Files are left to their
 * names. For a runner without state.
 */
export function pullRecordFromBase(tree: readonly Page[], base: Pick<SyncedBase, 'livePaths'>): PullRecord {
  const pages = new Map<string, string>();
  const headings = new Set<string>();
  const walk = (list: readonly Page[]): void =>
    list.forEach((page) => {
      const key = page.type === 'document' && page.git === undefined && page.path !== undefined ? base.livePaths.get(page.path) : undefined;
      if (key !== undefined && isHeadingKey(key)) headings.add(page.id);
      else if (key !== undefined) pages.set(page.id, key);
      walk(page.pages ?? []);
    });
  walk(tree);
  return { pages, files: new Map(), headings };
}
