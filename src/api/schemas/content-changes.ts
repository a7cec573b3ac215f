import * as z from 'zod';

// `POST S/change-requests/{cr}/content` (today's API): an ordered batch of page and file changes,
// applied atomically. Request shapes follow the document's `ChangeRequestContentChange`; the answer
// (`compat=false`: `ChangeRequestContentUpdate`) is parsed for the ids docsync needs only.

/** The API's bound on changes in one batch. */
export const MAX_CHANGES_PER_BATCH = 50;
/** The API's bound on files in one `insert_files` change. */
export const MAX_FILES_PER_CHANGE = 20;
/** The API's bound on one `base64` file (max 1MB, counted on the encoded text to stay clear of it either way). */
export const MAX_BASE64_CHARS = 1_000_000;

/** A page's body: markdown whose frontmatter sets the page's metadata, as Git Sync reads it. */
export interface MarkdownDocument {
  readonly markdown: string;
}

/** Page metadata an insert or update may set; frontmatter in the same change's markdown wins. */
export interface PageFields {
  readonly title?: string;
  /** Segment of the page's path in its parent; unique among siblings. */
  readonly slug?: string;
}

export interface InsertPageChange extends PageFields {
  readonly operation: 'insert_page';
  readonly document: MarkdownDocument;
  /** Parent page id; omitted for a root page. */
  readonly into?: string;
  readonly at?: number;
  /** Batch-local name, echoed in the answer with the new page's id. */
  readonly ref?: string;
}

export interface UpdatePageChange extends PageFields {
  readonly operation: 'update_page';
  readonly page: string;
  readonly document?: MarkdownDocument;
  /** New parent page id, `null` for the root; omitted keeps the parent. */
  readonly into?: string | null;
  readonly at?: number;
}

export interface DeletePageChange {
  readonly operation: 'delete_page';
  readonly page: string;
}

/** One file to upload: fetched by the API from `url`, or given inline as `base64` (with `contentType`). */
export type FileUpload = { readonly name: string; readonly ref?: string; readonly contentType?: string } & (
  { readonly url: string; readonly base64?: undefined } | { readonly base64: string; readonly contentType: string; readonly url?: undefined }
);

export interface InsertFilesChange {
  readonly operation: 'insert_files';
  readonly files: readonly FileUpload[];
}

/** The changes docsync sends (`revert_page` is the API's too, but docsync never needs it). */
export type ContentChange = InsertPageChange | UpdatePageChange | DeletePageChange | InsertFilesChange;

/**
 * One affected page in the answer: `created_page` (with the caller's `ref` and the new page's
 * `{id}`), `updated_page` (`{id}`) or `deleted_page` (the id alone); a kind a later API adds passes.
 */
const AffectedPageSchema = z.looseObject({
  object: z.string(),
  ref: z.string().optional(),
  page: z.union([z.string(), z.looseObject({ id: z.string() })]),
});

/**
 * The answer with `compat=false`: the pages each batch touched and the files it uploaded, in order.
 * Today's document also allows the change request alone (the `compat=true` answer): then `changes` is absent.
 */
export const ContentUpdateSchema = z.looseObject({
  /** The change request after the batch: its `revision` is the one the batch made. */
  changeRequest: z.looseObject({ revision: z.string() }).optional(),
  changes: z.array(AffectedPageSchema).optional(),
  insertedFiles: z.array(z.looseObject({ id: z.string(), name: z.string() })).optional(),
});
export type ContentUpdate = z.infer<typeof ContentUpdateSchema>;
