/**
 * The page-level plan's inputs and outputs. Pages are identified by their path in the docs root (the
 * repo side) and by their id (the live side); content by a hash both sides compute the same way (a
 * page's `pageHash` over its file's git blob oid and its title; a file's blob oid). Pure data: the planner, the batcher and the sender share it.
 */

/** A page of the repo's table of contents. */
export interface DesiredPage {
  /** Path of its markdown file in the docs root. */
  readonly path: string;
  readonly title: string;
  /** `pageHash` of its file's blob oid and its title. */
  readonly hash: string;
  /** Files (assets, by path in the docs root) the page links to: re-sent when one of them is. */
  readonly files?: readonly string[] | undefined;
  readonly children: readonly DesiredPage[];
  /**
   * A page docsync makes for what content batches cannot create (a `##` group the space lacks, an
   * item of `SUMMARY.md` without a link): no file, an empty document titled `title`, holding its
   * pages. Its `path` is a key of its own ({@link headingKey}).
   */
  readonly heading?: true | undefined;
}

/** The key of a heading page: `SUMMARY.md#Guide`, never a file's path (a file's has no `#` after its name). */
export function headingKey(summary: string, title: string, taken: ReadonlySet<string>): string {
  const base = `${summary}#${title}`;
  let key = base;
  for (let n = 2; taken.has(key); n++) key = `${base} (${n})`;
  return key;
}

/** Whether a key of docsync's record is a heading page's ({@link headingKey}): a file's path has no `.md#`. */
export function isHeadingKey(key: string): boolean {
  return /^[^#]*\.md#/i.test(key);
}

/** A `##` heading of `SUMMARY.md` and its pages; no title for the pages before the first heading. */
export interface DesiredGroup {
  readonly title: string | undefined;
  readonly pages: readonly DesiredPage[];
}

/** A live page (or group, link, computed page) of the change request's content, keyed. */
export interface LivePage {
  readonly id: string;
  /** `document`, `group`, `link`, … */
  readonly type: string;
  readonly title: string;
  readonly slug?: string | undefined;
  /** The repo path it holds, when known (docsync's record, the API's git metadata, or its path). */
  readonly key?: string | undefined;
  /** Content hash of what it holds, when known. */
  readonly hash?: string | undefined;
  readonly children: readonly LivePage[];
}

/** A file the repo's pages need. */
export interface DesiredFile {
  readonly path: string;
  /** Its blob oid. */
  readonly hash: string;
  readonly size: number;
}

/** A live file, keyed like pages. */
export interface LiveFile {
  readonly id: string;
  readonly key?: string | undefined;
  readonly hash?: string | undefined;
}

/** A page the plan acts on: a live one by id, or one an earlier change of the plan inserts. */
export type PageHandle = { readonly id: string; readonly ref?: undefined } | { readonly ref: string; readonly id?: undefined };

/** Where a page goes: under a page (or group), or at the root (`null`), at a zero-based index. */
export interface Placement {
  readonly parent: PageHandle | null;
  readonly at: number;
}

/** One change of the plan, in order; the sender turns it into the API's change. */
export type PlannedChange =
  | { readonly kind: 'insert-files'; readonly files: readonly PlannedFile[] }
  | ({
      readonly kind: 'insert-page';
      readonly ref: string;
      readonly path: string;
      readonly title: string;
      readonly slug: string;
      /** A heading page: its document is empty, not a file's. */
      readonly heading?: true | undefined;
    } & Placement)
  | {
      readonly kind: 'update-page';
      readonly id: string;
      readonly path: string;
      readonly move?: Placement | undefined;
      /** Send the page's document again (with its title). */
      readonly document: boolean;
      readonly title?: string | undefined;
      readonly slug?: string | undefined;
      readonly heading?: true | undefined;
    }
  | { readonly kind: 'delete-page'; readonly id: string; readonly title: string; readonly key?: string | undefined };

/** A file to upload, with the batch-local ref pages of the same batch link it by. */
export interface PlannedFile extends DesiredFile {
  readonly ref: string;
}

export interface PagePlan {
  /** Files first (pages link them), then pages parents before children, then deletions. */
  readonly changes: readonly PlannedChange[];
  /** Pages left as they are. */
  readonly unchanged: number;
  /** What the plan cannot do as the repo says, and what it does instead. */
  readonly warnings: readonly string[];
}

/** The handle's id or ref, as one string key. */
export function handleKey(handle: PageHandle | null): string {
  if (handle === null) return '(root)';
  return handle.id === undefined ? `ref:${handle.ref}` : `id:${handle.id}`;
}
