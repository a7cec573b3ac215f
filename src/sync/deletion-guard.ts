import type { PageDiff } from './page-diff.js';
import { MassDeletionError } from './errors/mass-deletion-error.js';

/** `sync.maxDeletions`: an absolute number of pages, or a share of the live ones such as `25%`. */
export type MaxDeletions = number | string;

/** How the live pages that docsync cannot match to a source file are named in a diff. */
const EDITOR_MADE = '(no source file) ';

/**
 * Throws `MassDeletionError` when the import would remove more synced pages than `max` allows.
 * Counted over the live pages that came from git: pages made in the editor (a first sync into a
 * space that was written by hand replaces them) are listed in the diff but never counted.
 */
export function checkDeletions(target: string, diff: PageDiff, max: MaxDeletions): void {
  const removed = diff.removed.filter((path) => !path.startsWith(EDITOR_MADE));
  const live = diff.changed.length + diff.unchanged + removed.length;
  if (removed.length === 0) return;
  // A share rounds up to whole pages: 25% of 3 pages lets one go.
  const allowed = typeof max === 'number' ? max : Math.ceil((live * Number.parseFloat(max)) / 100);
  if (removed.length > allowed) throw new MassDeletionError(target, removed, live, String(max));
}
