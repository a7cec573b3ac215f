import type { PageRecord } from '../state/records.js';
import { ChangeRefused } from './change-refused.js';

/**
 * A change request's page tree being edited by one content batch. Built from a revision's pages,
 * it copies each page record (not the markdown) so the revision it came from never changes: a
 * batch that fails is simply dropped. Pages are indexed by id and document pages by path, which
 * stay unique (groups do not add their slug to their children's paths, as on import).
 */
export class PageTreeDraft {
  readonly roots: PageRecord[];
  private readonly byId = new Map<string, PageRecord>();
  private readonly parents = new Map<string, PageRecord | undefined>();
  private readonly byPath = new Map<string, PageRecord>();

  constructor(pages: readonly PageRecord[]) {
    const copy = (list: readonly PageRecord[], parent: PageRecord | undefined): PageRecord[] =>
      list.map((page) => {
        const clone: PageRecord = { ...page };
        clone.pages = copy(page.pages, clone);
        this.index(clone, parent);
        return clone;
      });
    this.roots = copy(pages, undefined);
  }

  find(id: string): PageRecord | undefined {
    return this.byId.get(id);
  }

  /** The document page at a path, if any. */
  pageAt(path: string): PageRecord | undefined {
    return this.byPath.get(path);
  }

  parentOf(page: PageRecord): PageRecord | undefined {
    return this.parents.get(page.id);
  }

  /** Places a new page (with no children) under `parent` (the root when undefined) at `at` (clamped; the end when undefined). */
  insert(page: PageRecord, parent: PageRecord | undefined, at: number | undefined): void {
    page.path = this.childPath(parent, page.slug);
    this.claimPath(page, 'slug');
    this.index(page, parent);
    const siblings = this.childrenOf(parent);
    siblings.splice(at ?? siblings.length, 0, page);
  }

  /**
   * Moves a page (with its subpages) under `parent` at `at`, or, with `parent` left as it is, to
   * `at` among its siblings. Paths below it follow.
   */
  move(page: PageRecord, parent: PageRecord | undefined, at: number | undefined): void {
    for (let up = parent; up !== undefined; up = this.parents.get(up.id)) {
      if (up.id === page.id) throw new ChangeRefused('into', `page "${page.id}" cannot move under itself or one of its own subpages.`);
    }
    const from = this.parentOf(page);
    const old = this.childrenOf(from);
    const index = old.indexOf(page);
    old.splice(index, 1);
    const siblings = this.childrenOf(parent);
    // Same parent and no `at`: the page keeps its place.
    const place = at ?? (from === parent ? index : siblings.length);
    siblings.splice(Math.min(place, siblings.length), 0, page);
    this.parents.set(page.id, parent);
    if (from !== parent) this.repath(page, 'into');
  }

  /** Gives a page a new slug; its path and its subpages' follow. */
  rename(page: PageRecord, slug: string): void {
    page.slug = slug;
    this.repath(page, 'slug');
  }

  /** Takes a page and its subpages out of the tree; returns them, the page first. */
  remove(page: PageRecord): PageRecord[] {
    const siblings = this.childrenOf(this.parentOf(page));
    siblings.splice(siblings.indexOf(page), 1);
    const removed = [...subtree(page)];
    for (const gone of removed) {
      this.byId.delete(gone.id);
      this.parents.delete(gone.id);
      if (this.byPath.get(gone.path) === gone) this.byPath.delete(gone.path);
    }
    return removed;
  }

  /** Puts back a page removed earlier or taken from another revision (its subpages included). */
  restore(page: PageRecord, parent: PageRecord | undefined, at: number | undefined): void {
    const siblings = this.childrenOf(parent);
    siblings.splice(Math.min(at ?? siblings.length, siblings.length), 0, page);
    const visit = (node: PageRecord, up: PageRecord | undefined): void => {
      this.index(node, up);
      for (const child of node.pages) visit(child, node);
    };
    visit(page, parent);
    this.repath(page, 'page');
  }

  /** Where a child of `parent` with this slug sits. */
  childPath(parent: PageRecord | undefined, slug: string): string {
    const base = this.childBase(parent);
    return base === '' ? slug : `${base}/${slug}`;
  }

  private childBase(parent: PageRecord | undefined): string {
    if (parent === undefined) return '';
    // A group is not in URLs: its children sit where it sits.
    return parent.type === 'group' ? this.childBase(this.parentOf(parent)) : parent.path;
  }

  private childrenOf(parent: PageRecord | undefined): PageRecord[] {
    return parent === undefined ? this.roots : parent.pages;
  }

  private index(page: PageRecord, parent: PageRecord | undefined): void {
    this.byId.set(page.id, page);
    this.parents.set(page.id, parent);
    if (page.type === 'document' && !this.byPath.has(page.path)) this.byPath.set(page.path, page);
  }

  /** Recomputes the paths of a page and its subpages, refusing one another page already has. */
  private repath(page: PageRecord, field: string): void {
    const moved = [...subtree(page)];
    for (const node of moved) if (this.byPath.get(node.path) === node) this.byPath.delete(node.path);
    const visit = (node: PageRecord, parent: PageRecord | undefined): void => {
      node.path = this.childPath(parent, node.slug);
      this.claimPath(node, field);
      for (const child of node.pages) visit(child, node);
    };
    visit(page, this.parentOf(page));
  }

  private claimPath(page: PageRecord, field: string): void {
    if (page.type !== 'document') return;
    const holder = this.byPath.get(page.path);
    if (holder !== undefined && holder !== page) {
      throw new ChangeRefused(field, `page "${holder.id}" already has the path "${page.path}"; slugs must be unique among siblings.`);
    }
    this.byPath.set(page.path, page);
  }
}

function* subtree(page: PageRecord): Generator<PageRecord> {
  yield page;
  for (const child of page.pages) yield* subtree(child);
}
