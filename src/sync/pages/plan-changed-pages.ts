import type { Revision } from '../../api/schemas/content.js';
import type { TargetState } from '../../state/state-store.js';
import type { PreparedContent } from '../prepared-content.js';
import { pageHash } from './desired-pages.js';
import type { PlannedChange } from './page-plan.js';
import type { PlannedDelivery } from './planned-delivery.js';
import type { Delivered } from './send-batches.js';

export type Landed = NonNullable<TargetState['landed']>;

/** Whether `revision` holds what docsync left as `landed`: that revision, or main unchanged merged with it. */
export function holdsLanded(revision: Pick<Revision, 'id' | 'parents'>, landed: Landed): boolean {
  if (revision.id === landed.revision || revision.id === landed.merged) return true;
  return (
    landed.mergedOnto !== undefined && revision.parents.length === 2 && revision.parents[0] === landed.mergedOnto && revision.parents[1] === landed.revision
  );
}

/**
 * The page plan from the files changed since the last sync alone, when nothing else can differ: the
 * read is the last run's kept read with only files' content changed (same table of contents, titles,
 * metadata, bundled files and warnings), that run delivered the kept content, and the live content is the revision it
 * left. Then only the changed pages are rewritten, by the ids docsync recorded: work proportional to
 * the change. Undefined whenever one of these does not hold, or an asset changed (pages linking it
 * are relinked by the whole plan): the caller plans in full.
 */
export function planChangedPages(
  revision: Pick<Revision, 'id' | 'parents'>,
  content: Pick<PreparedContent, 'changed' | 'pageCount'>,
  delivered: Delivered | undefined,
  landed: Landed | undefined,
): PlannedDelivery | undefined {
  const { changed } = content;
  if (changed === undefined || delivered === undefined || landed === undefined || landed.hash !== changed.since || !holdsLanded(revision, landed))
    return undefined;
  const changes: PlannedChange[] = [];
  const hashes = new Map<string, string>();
  const sizes = new Map<string, number>();
  const updated: string[] = [];
  const named: Record<string, string> = {};
  for (const { path, size, oid, title } of changed.files) {
    const record = delivered.pages.get(path);
    // A page known by id only (its content not known by hash) is compared with the live one by the full plan.
    if (title === undefined || record?.hash === undefined) return undefined;
    const hash = pageHash(oid, title);
    hashes.set(path, hash);
    sizes.set(path, size);
    if (record.hash === hash) continue;
    changes.push({ kind: 'update-page', id: record.id, path, document: true, title });
    updated.push(path);
    named[path] = title;
  }
  return {
    plan: { changes, unchanged: content.pageCount - changes.length, warnings: [] },
    hashes,
    sizes,
    fileIds: new Map([...delivered.files].map(([path, entry]) => [path, entry.id])),
    diff: {
      added: [],
      changed: updated,
      removed: [],
      unchanged: content.pageCount - updated.length,
      files: { added: [], changed: [], removed: [] },
      titles: named,
    },
    known: delivered,
    revision: revision.id,
    fromChanges: true,
  };
}

/**
 * The page plan from the changed files alone against main as the last sync's merge left it
 * (`landed.merged`), with no read: valid only while main is still at that revision, which the caller
 * learns from the change request it creates (its `revisionInitial`). Undefined where the state does
 * not allow it (no merge recorded, or a plan from the changed files does not hold).
 */
export function planOnMerged(
  content: Pick<PreparedContent, 'changed' | 'pageCount'>,
  state: Pick<TargetState, 'delivered' | 'landed'> | undefined,
): PlannedDelivery | undefined {
  const merged = state?.landed?.merged;
  return merged === undefined ? undefined : planChangedPages({ id: merged, parents: [] }, content, state?.delivered, state?.landed);
}
