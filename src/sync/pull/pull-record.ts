import { isHeadingKey } from '../pages/page-plan.js';
import type { TargetState } from '../../state/state-store.js';

/** What docsync knows of where a space's pages and files came from: id → path in the docs root. */
export interface PullRecord {
  readonly pages: ReadonlyMap<string, string>;
  readonly files: ReadonlyMap<string, string>;
  /** Ids of the heading pages docsync made (a group or an item without a link made a page): no file. */
  readonly headings?: ReadonlySet<string> | undefined;
}

/**
 * The git path of every page and file a sync on content batches delivered (its state's `delivered`),
 * by id: today's API keeps no git path on pages, so a pull puts them back where git had them from this.
 */
export function pullRecordOf(state: TargetState | undefined): PullRecord | undefined {
  const delivered = state?.delivered;
  if (delivered === undefined) return undefined;
  const byId = (entries: Iterable<[string, { id: string }]>): Map<string, string> => new Map([...entries].map(([path, { id }]) => [id, path]));
  const pages = [...delivered.pages];
  return {
    pages: byId(pages.filter(([path]) => !isHeadingKey(path))),
    files: byId(delivered.files),
    headings: new Set(pages.flatMap(([path, { id }]) => (isHeadingKey(path) ? [id] : []))),
  };
}
