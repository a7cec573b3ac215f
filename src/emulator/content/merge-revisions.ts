import type { FileRecord, PageRecord } from '../state/records.js';

interface Content {
  pages: readonly PageRecord[];
  files: readonly FileRecord[];
}

interface FlatPage {
  key: string;
  parent: string | undefined;
  page: PageRecord;
}

/**
 * Three-way merge at page level, keyed by page path (groups apart; files by repository path, else id:
 * files uploaded by content batches have no path, and two may share a name).
 * Whatever `changes` changed, added or removed relative to `base` is applied on top of `main`;
 * everything else is main's. A page or file that both sides changed, each differently, is a
 * conflict: it is listed in `conflicts` (the routes then answer `result: "conflicts"` and change
 * nothing), and the merged content lets the change request's side win.
 * Sibling order follows `changes`, with pages only main has slotted in after their predecessor
 * in main. `newId` replaces an id that would otherwise appear twice (a page moved on one side and
 * edited on the other).
 */
export function mergeRevisions(
  base: Content,
  main: Content,
  changes: Content,
  newId: () => string,
): {
  pages: PageRecord[];
  files: FileRecord[];
  /** Page paths (and file paths or ids) that both sides changed differently. */
  conflicts: string[];
} {
  const b = indexPages(base.pages);
  const m = indexPages(main.pages);
  const c = indexPages(changes.pages);
  const chosen = new Map<string, FlatPage>();
  const conflicts: string[] = [];
  for (const key of new Set([...b.keys(), ...m.keys(), ...c.keys()])) {
    const [before, ours, theirs] = [pageSignature(b.get(key)), pageSignature(c.get(key)), pageSignature(m.get(key))];
    const fromChanges = before !== ours;
    if (fromChanges && before !== theirs && ours !== theirs) conflicts.push(key);
    const pick = fromChanges ? c.get(key) : m.get(key);
    if (pick) chosen.set(key, pick);
  }
  const order = mergeOrder([...c.keys()], [...m.keys()], chosen);
  const files = mergeFiles(base.files, main.files, changes.files);
  return { pages: buildTree(order, chosen, newId), files: files.merged, conflicts: [...conflicts, ...files.conflicts] };
}

function indexPages(pages: readonly PageRecord[]): Map<string, FlatPage> {
  const index = new Map<string, FlatPage>();
  const visit = (list: readonly PageRecord[], parent: string | undefined): void => {
    for (const page of list) {
      // Groups may share a path with a document (they are not in URLs), so they have keys of their own.
      const path = page.type === 'document' ? page.path : `${page.type}:${page.path}`;
      let key = path;
      for (let n = 2; index.has(key); n++) key = `${path}#${n}`;
      index.set(key, { key, parent, page });
      visit(page.pages, key);
    }
  };
  visit(pages, undefined);
  return index;
}

/** What makes a page "changed": its content and where it hangs, not ids or timestamps. */
function pageSignature(flat: FlatPage | undefined): string | undefined {
  if (!flat) return undefined;
  const { page } = flat;
  return JSON.stringify([
    flat.parent,
    page.title,
    page.type,
    page.slug,
    page.markdown,
    page.description,
    page.hidden,
    page.noIndex,
    page.noRobotsIndex,
    page.condition,
    page.emoji,
    page.icon,
    page.cover,
    page.layout,
  ]);
}

function mergeOrder(changesOrder: string[], mainOrder: string[], chosen: ReadonlyMap<string, unknown>): string[] {
  const order = changesOrder.filter((key) => chosen.has(key));
  const placed = new Set(order);
  let previous: string | undefined;
  for (const key of mainOrder) {
    if (chosen.has(key) && !placed.has(key)) {
      const at = previous === undefined ? 0 : order.indexOf(previous) + 1;
      order.splice(at, 0, key);
      placed.add(key);
    }
    if (placed.has(key)) previous = key;
  }
  return order;
}

function buildTree(order: readonly string[], chosen: ReadonlyMap<string, FlatPage>, newId: () => string): PageRecord[] {
  const nodes = new Map<string, PageRecord>();
  const ids = new Set<string>();
  for (const key of order) {
    const flat = chosen.get(key);
    if (!flat) continue;
    const id = ids.has(flat.page.id) ? newId() : flat.page.id;
    ids.add(id);
    nodes.set(key, { ...flat.page, id, pages: [] });
  }
  const roots: PageRecord[] = [];
  for (const key of order) {
    const node = nodes.get(key);
    const parent = chosen.get(key)?.parent;
    if (!node) continue;
    // A page whose parent the merge removed moves to the top rather than disappearing.
    const parentNode = parent === undefined ? undefined : nodes.get(parent);
    (parentNode ? parentNode.pages : roots).push(node);
  }
  return roots;
}

function mergeFiles(base: readonly FileRecord[], main: readonly FileRecord[], changes: readonly FileRecord[]): { merged: FileRecord[]; conflicts: string[] } {
  const key = (file: FileRecord): string => file.git?.path ?? file.id;
  const signature = (file: FileRecord | undefined): string | undefined =>
    file && JSON.stringify([file.id, file.name, file.contentType, file.size, file.git?.oid]);
  const index = (list: readonly FileRecord[]) => new Map(list.map((file) => [key(file), file]));
  const b = index(base);
  const m = index(main);
  const c = index(changes);
  const merged: FileRecord[] = [];
  const conflicts: string[] = [];
  for (const k of new Set([...c.keys(), ...m.keys(), ...b.keys()])) {
    const [before, ours, theirs] = [signature(b.get(k)), signature(c.get(k)), signature(m.get(k))];
    if (before !== ours && before !== theirs && ours !== theirs) conflicts.push(k);
    const pick = before !== ours ? c.get(k) : m.get(k);
    if (pick) merged.push(pick);
  }
  return { merged, conflicts };
}
