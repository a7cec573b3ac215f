import type { DesiredGroup, DesiredPage, LivePage, PageHandle, PlannedChange } from '../../src/sync/pages/page-plan.js';

/** A page of the model: what the API would hold, with the repo path and content it was given. */
export interface ModelPage {
  id: string;
  type: string;
  title: string;
  slug?: string | undefined;
  key?: string | undefined;
  hash?: string | undefined;
  children: ModelPage[];
}

/**
 * Applies planned batches the way the content-batch endpoint does, one batch at a time and each
 * atomically, refusing what the API refuses: more than 50 changes or 20 files, a page id it does not
 * hold, a ref of a page inserted in the same batch used as a parent, an index past the siblings, a
 * page moved under itself. Inserted pages get new ids, known to later batches only.
 */
export function applyBatches(live: readonly LivePage[], batches: readonly (readonly PlannedChange[])[]): ModelPage[] {
  const root: ModelPage = { id: '(root)', type: 'root', title: '', children: clone(live) };
  const ids = new Map<string, string>(); // ref → id, from earlier batches' answers
  let next = 0;
  for (const batch of batches) {
    if (batch.length === 0 || batch.length > 50) throw new Error(`a batch of ${batch.length} changes`);
    const answered = new Map<string, string>();
    const resolve = (handle: PageHandle | null): ModelPage => {
      if (handle === null) return root;
      if (handle.ref !== undefined && answered.has(handle.ref)) throw new Error(`parent ${handle.ref} inserted in the same batch`);
      const id = handle.id ?? ids.get(handle.ref);
      const found = id === undefined ? undefined : find(root, id);
      if (!found) throw new Error(`no page ${handle.id ?? handle.ref}`);
      return found.page;
    };
    for (const change of batch) {
      switch (change.kind) {
        case 'insert-files':
          if (change.files.length === 0 || change.files.length > 20) throw new Error(`${change.files.length} files in one change`);
          break;
        case 'insert-page': {
          const parent = resolve(change.parent);
          if (change.at > parent.children.length) throw new Error(`index ${change.at} past ${parent.children.length} siblings`);
          const id = `new-${++next}`;
          answered.set(change.ref, id);
          parent.children.splice(change.at, 0, {
            id,
            type: 'document',
            title: change.title,
            slug: change.slug,
            key: change.path,
            hash: `content of ${change.path}`,
            children: [],
          });
          break;
        }
        case 'update-page': {
          const found = find(root, change.id);
          if (!found) throw new Error(`no page ${change.id} to update`);
          const { page } = found;
          if (change.move) {
            const parent = resolve(change.move.parent);
            if (parent === page || find(page, parent.id)) throw new Error(`page ${page.id} moved under itself`);
            found.parent.children.splice(found.parent.children.indexOf(page), 1);
            if (change.move.at > parent.children.length) throw new Error(`index ${change.move.at} past ${parent.children.length} siblings`);
            parent.children.splice(change.move.at, 0, page);
          }
          if (change.document) page.hash = `content of ${change.path}`;
          page.key = change.path;
          if (change.title !== undefined) page.title = change.title;
          if (change.slug !== undefined) page.slug = change.slug;
          break;
        }
        case 'delete-page': {
          const found = find(root, change.id);
          if (!found) throw new Error(`no page ${change.id} to delete`);
          found.parent.children.splice(found.parent.children.indexOf(found.page), 1);
          break;
        }
      }
    }
    for (const [ref, id] of answered) ids.set(ref, id);
  }
  return root.children;
}

/** The desired tree with each page's content as {@link applyBatches} writes it. */
export function withModelHashes(groups: readonly DesiredGroup[]): DesiredGroup[] {
  const map = (pages: readonly DesiredPage[]): DesiredPage[] =>
    pages.map((page) => ({ ...page, hash: `content of ${page.path}`, children: map(page.children) }));
  return groups.map((group) => ({ ...group, pages: map(group.pages) }));
}

function find(from: ModelPage, id: string): { page: ModelPage; parent: ModelPage } | undefined {
  for (const child of from.children) {
    if (child.id === id) return { page: child, parent: from };
    const found = find(child, id);
    if (found) return found;
  }
  return undefined;
}

function clone(pages: readonly LivePage[]): ModelPage[] {
  return pages.map((page) => ({ ...page, children: clone(page.children) }));
}
