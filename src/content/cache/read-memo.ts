import { comparePaths } from '../compare-paths.js';
import type { PageNode } from '../gitbook/docs-snapshot.js';
import type { OutlineNode } from '../gitbook/outline.js';
import type { DocsOutline } from '../gitbook/outline-docs.js';
import type { PageMeta } from '../gitbook/parse-page-meta.js';
import type { TreeEntry } from '../tree-source.js';

/** What one page's references added to the bundle: asset paths and the warnings they raised. */
export interface PageAssets {
  readonly paths: readonly string[];
  readonly warnings: readonly string[];
}

/**
 * What a read derived from the listing and the structure files, kept for the next read of the same
 * tree: after a one-page edit of a 10,000-page repo, rebuilding the outline, the page tree and every
 * page's asset links cost more than everything else the read does. Everything kept is a pure
 * function of the same paths, the same structure files and the same page metadata (compared by
 * identity: the hash cache hands out the same object while a page is unchanged), so a memo only
 * ever saves time; a read with another listing or other structure files starts afresh.
 */
export class ReadMemo {
  private listing: readonly TreeEntry[] = [];
  private structure: string | undefined;
  private outlineValue: DocsOutline | undefined;
  private pageNodes = new WeakMap<OutlineNode, { readonly meta: PageMeta; readonly node: PageNode }>();
  private pageAssets = new Map<string, { readonly meta: PageMeta; readonly assets: PageAssets }>();
  /** The paths last given to {@link sortedByPath}, and the order it chose (indexes into them). */
  private unsorted: readonly string[] = [];
  private order: readonly number[] = [];

  /**
   * Starts a read: keeps what was derived when `listing` holds the same paths as last time and
   * `structure` (the structure files' texts and the read's options) is the same string.
   */
  begin(listing: readonly TreeEntry[], structure: string): void {
    if (structure !== this.structure || !samePaths(listing, this.listing)) {
      this.outlineValue = undefined;
      this.pageNodes = new WeakMap();
      this.pageAssets = new Map();
    }
    this.listing = listing;
    this.structure = structure;
  }

  /** The outline of the last read, when its inputs are unchanged. */
  get outline(): DocsOutline | undefined {
    return this.outlineValue;
  }

  keepOutline(outline: DocsOutline): DocsOutline {
    this.outlineValue = outline;
    return outline;
  }

  /** The page node built last time for `outline` when its metadata and children are the same objects. */
  pageNode(outline: OutlineNode, meta: PageMeta, children: readonly PageNode[], build: () => PageNode): PageNode {
    const kept = this.pageNodes.get(outline);
    if (kept?.meta === meta && sameItems(kept.node.children, children)) return kept.node;
    const node = build();
    this.pageNodes.set(outline, { meta, node });
    return node;
  }

  /**
   * `items` reduced to one per path (the last one given) and sorted by path, as the bundle lists
   * files. Items with the same paths in the same order as last time (a read after a content edit)
   * take last time's order, without sorting 10,000 paths again.
   */
  sortedByPath<T extends { readonly path: string }>(items: readonly T[]): T[] {
    if (items.length !== this.unsorted.length || !items.every((item, i) => item.path === this.unsorted[i])) {
      const last = new Map<string, number>();
      items.forEach((item, index) => last.set(item.path, index));
      this.order = [...last.values()].sort((a, b) => comparePaths(items[a]?.path ?? '', items[b]?.path ?? ''));
      this.unsorted = items.map((item) => item.path);
    }
    return this.order.map((index) => items[index] as T);
  }

  /** What `path`'s references added last time, when its metadata is the same object. */
  assetsOf(path: string, meta: PageMeta, resolve: () => PageAssets): PageAssets {
    const kept = this.pageAssets.get(path);
    if (kept?.meta === meta) return kept.assets;
    const assets = resolve();
    this.pageAssets.set(path, { meta, assets });
    return assets;
  }
}

function samePaths(a: readonly TreeEntry[], b: readonly TreeEntry[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i]?.path !== b[i]?.path) return false;
  return true;
}

function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
