import type { Page } from '../../api/schemas/content.js';
import type { DocsSnapshot } from '../../content/gitbook/docs-snapshot.js';
import { desiredPages, type GroupsMode } from './desired-pages.js';
import type { DesiredFile, DesiredGroup } from './page-plan.js';
import { placeGroups } from './place-groups.js';

/** The page tree content batches make of a snapshot, and what they could not make as `SUMMARY.md` says. */
export interface SyncedLayout {
  readonly groups: DesiredGroup[];
  readonly files: DesiredFile[];
  readonly warnings: string[];
}

/**
 * Where content batches put a snapshot's pages in a space whose top level holds `live`: the table of
 * contents, with `##` groups placed in the space's groups of their titles or, by `mode`, made heading
 * pages (see {@link placeGroups}). The plan and the stateless platform-edits check both take their
 * layout from here, so a run without state finds each page where the sync put it.
 */
export function syncedLayout(
  snapshot: Pick<DocsSnapshot, 'pages' | 'files' | 'summary'>,
  live: readonly Pick<Page, 'type' | 'title'>[],
  mode: GroupsMode,
): SyncedLayout {
  const read = desiredPages(snapshot, mode);
  const placed = placeGroups(read.groups, live, mode, snapshot.summary ?? 'SUMMARY.md');
  return { groups: placed.groups, files: read.files, warnings: placed.warnings };
}
