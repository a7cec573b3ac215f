import type { PageRecord } from '../state/records.js';
import { ChangeRefused } from './change-refused.js';
import { MapOverlay } from './map-overlay.js';
import { pageIndex, rememberPageIndex, takePageIndex, type PageEntry } from './page-index.js';

/**
 * A change request's page tree being edited by one content batch, copy on write: a page is copied
 * (with its ancestors) the first time the batch changes it, so the revision the tree came from never
 * changes and a batch that fails is simply dropped; the work is in proportion to the pages touched,
 * not to the tree. Document paths stay unique (groups do not add their slug to their children's
 * paths, as on import).
 */
export class PageTreeDraft {
  private rootList: PageRecord[];
  private rootsOwned = false;
  private readonly owned = new Set<string>();
  private readonly byId: MapOverlay<string, PageEntry>;
  private readonly byPath: MapOverlay<string, string>;

  constructor(private readonly original: readonly PageRecord[]) {
    const index = pageIndex(original);
    this.byId = new MapOverlay(index.byId);
    this.byPath = new MapOverlay(index.byPath);
    this.rootList = original as PageRecord[];
  }

  /**
   * The pages as they stand, their index kept for whoever edits this tree next: the original tree's
   * index, taken over with this batch's changes written into it. Call once, as the batch's last step.
   */
  finish(): PageRecord[] {
    const index = takePageIndex(this.original);
    this.byId.writeInto(index.byId);
    this.byPath.writeInto(index.byPath);
    rememberPageIndex(this.rootList, index);
    return this.rootList;
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  /** A page to read. Change it only through {@link edit}. */
  find(id: string): PageRecord | undefined {
    return this.byId.get(id)?.page;
  }

  /** The page, copied for this batch if it was not yet: safe to change its fields (not its `pages`). */
  edit(id: string): PageRecord {
    const entry = this.byId.get(id);
    if (entry === undefined) throw new Error(`No page ${id} in the draft.`);
    if (this.owned.has(id)) return entry.page;
    const copy: PageRecord = { ...entry.page, pages: [...entry.page.pages] };
    const siblings = this.children(entry.parent);
    siblings[siblings.indexOf(entry.page)] = copy;
    this.owned.add(id);
    this.byId.set(id, { page: copy, parent: entry.parent });
    return copy;
  }

  /** The document page at a path, if any. */
  pageAt(path: string): PageRecord | undefined {
    const id = this.byPath.get(path);
    return id === undefined ? undefined : this.find(id);
  }

  parentOf(id: string): string | undefined {
    return this.byId.get(id)?.parent;
  }

  /** Places a new page (with no children) under `parent` (the root when undefined) at `at` (clamped; the end when undefined). */
  insert(page: PageRecord, parent: string | undefined, at: number | undefined): void {
    page.path = this.childPath(parent, page.slug);
    this.owned.add(page.id);
    this.byId.set(page.id, { page, parent });
    this.claimPath(page, 'slug');
    const siblings = this.children(parent);
    siblings.splice(at ?? siblings.length, 0, page);
  }

  /**
   * Moves a page (with its subpages) under `parent` at `at` (clamped), or, with `parent` the one it
   * has, to `at` among its siblings. Paths below it follow.
   */
  move(id: string, parent: string | undefined, at: number | undefined): void {
    for (let up = parent; up !== undefined; up = this.parentOf(up)) {
      if (up === id) throw new ChangeRefused('into', `page "${id}" cannot move under itself or one of its own subpages.`);
    }
    const page = this.edit(id);
    const from = this.parentOf(id);
    const old = this.children(from);
    const index = old.indexOf(page);
    old.splice(index, 1);
    const siblings = this.children(parent);
    // Same parent and no `at`: the page keeps its place.
    const place = at ?? (from === parent ? index : siblings.length);
    siblings.splice(Math.min(place, siblings.length), 0, page);
    this.byId.set(id, { page, parent });
    if (from !== parent) this.repath(id, 'into');
  }

  /** Gives a page a new slug; its path and its subpages' follow. */
  rename(id: string, slug: string): void {
    this.edit(id).slug = slug;
    this.repath(id, 'slug');
  }

  /** Takes a page and its subpages out of the tree; returns them, the page first. */
  remove(id: string): PageRecord[] {
    const page = this.find(id);
    if (page === undefined) return [];
    const siblings = this.children(this.parentOf(id));
    siblings.splice(siblings.indexOf(page), 1);
    const removed = [...subtree(page)];
    for (const gone of removed) {
      this.byId.delete(gone.id);
      if (this.byPath.get(gone.path) === gone.id) this.byPath.delete(gone.path);
    }
    return removed;
  }

  /** Puts back a page taken from another revision, with its subpages; the draft owns them from now on. */
  restore(page: PageRecord, parent: string | undefined, at: number | undefined): void {
    const siblings = this.children(parent);
    siblings.splice(Math.min(at ?? siblings.length, siblings.length), 0, page);
    const visit = (node: PageRecord, up: string | undefined): void => {
      this.owned.add(node.id);
      this.byId.set(node.id, { page: node, parent: up });
      for (const child of node.pages) visit(child, node.id);
    };
    visit(page, parent);
    this.repath(page.id, 'page');
  }

  /** Where a child of `parent` with this slug sits. */
  childPath(parent: string | undefined, slug: string): string {
    const base = this.childBase(parent);
    return base === '' ? slug : `${base}/${slug}`;
  }

  private childBase(parent: string | undefined): string {
    const entry = parent === undefined ? undefined : this.byId.get(parent);
    if (entry === undefined) return '';
    // A group is not in URLs: its children sit where it sits.
    return entry.page.type === 'group' ? this.childBase(entry.parent) : entry.page.path;
  }

  /** The list of children of a page (the roots when undefined), copied for this batch so it may change. */
  private children(parent: string | undefined): PageRecord[] {
    if (parent !== undefined) return this.edit(parent).pages;
    if (!this.rootsOwned) {
      this.rootList = [...this.original];
      this.rootsOwned = true;
    }
    return this.rootList;
  }

  /** Recomputes the paths of a page and its subpages, refusing one another page already has. */
  private repath(id: string, field: string): void {
    const top = this.find(id);
    if (top === undefined) return;
    for (const node of subtree(top)) if (this.byPath.get(node.path) === node.id) this.byPath.delete(node.path);
    const visit = (nodeId: string, parent: string | undefined): void => {
      const node = this.edit(nodeId);
      node.path = this.childPath(parent, node.slug);
      this.claimPath(node, field);
      for (const child of node.pages) visit(child.id, nodeId);
    };
    visit(id, this.parentOf(id));
  }

  private claimPath(page: PageRecord, field: string): void {
    if (page.type !== 'document') return;
    const holder = this.byPath.get(page.path);
    if (holder !== undefined && holder !== page.id) {
      throw new ChangeRefused(field, `page "${holder}" already has the path "${page.path}"; slugs must be unique among siblings.`);
    }
    this.byPath.set(page.path, page.id);
  }
}

function* subtree(page: PageRecord): Generator<PageRecord> {
  yield page;
  for (const child of page.pages) yield* subtree(child);
}
