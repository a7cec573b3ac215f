import type { ChangedFile } from '../content/cache/patch-kept-read.js';
import type { DocsSnapshot } from '../content/gitbook/docs-snapshot.js';
import type { BundleFile } from '../content/bundle/write-bundle.js';
import type { GitRepository } from '../content/git/git-repository.js';
import type { CommitInfo } from './change-request-subject.js';

/** A docs tree read and hashed, with its bundle built only when an import needs it. */
export interface PreparedContent {
  contentHash: string;
  pageCount: number;
  /** What the reader skipped and why (missing files, duplicates). */
  warnings: string[];
  /** The commit the content came from; absent for the working tree. */
  commit: CommitInfo | undefined;
  /** For the working tree, the commit checked out as git's status saw it while reading, when it was asked. */
  checkedOut?: string | undefined;
  /** What was read: pages, files and their blob oids, for plans that compare with live content. */
  snapshot: DocsSnapshot;
  /**
   * A page's `SUMMARY.md` link text (by path in the docs root) as the page tree has it, looked up
   * without decoding the tree, when the read can; absent: the tree says.
   */
  summaryTitle?: ((path: string) => string | undefined) | undefined;
  /** The page tree's layout key (see layout-key.ts) when the read keeps it; absent: made from the tree. */
  layoutKey?: (() => string) | undefined;
  /**
   * Set when this read is the one the last run kept, brought up to date: its content hash then, and
   * the files whose content changed since (a page's with its title). Everything else (the listing,
   * the table of contents, every page's metadata, the files the bundle holds and the warnings) is as it was.
   */
  changed?: { readonly since: string; readonly files: readonly ChangedFile[] } | undefined;
  /**
   * The git repository of the target's folder, opened once for the sync: the one the read used when
   * it asked git, else opened when first asked. Rejects as `GitRepository.open` does.
   */
  repository(): Promise<GitRepository>;
  /** Keeps this read for the next run (one-shot runs, before the sync's first write); nothing when unchanged. */
  keep(): Promise<void>;
  /** Writes the bundle to a new file; the caller removes it once published. */
  bundle(): Promise<BundleFile>;
  /**
   * Throws `BundleTooLargeError` (naming the largest files) when the bundle would exceed `maxBytes`.
   * Cheap when it fits by the size bound of its files; builds the bundle only to settle a close call.
   */
  checkImportSize(maxBytes: number): Promise<void>;
  /**
   * Bytes of many files of the snapshot (by path in the docs root), in any order, batched by the
   * source; `SnapshotStaleError` when a file no longer holds the bytes the snapshot read.
   */
  readMany(paths: readonly string[]): AsyncIterable<{ path: string; bytes: Uint8Array }>;
  /**
   * The same content with these files (by path in the docs root) holding other text than git's, or
   * left out (`null`): what goes live instead (a page the platform changed, added or removed and
   * keeps, a clean three-way merge, `SUMMARY.md` following). Read as docs again, so pages' metadata
   * and the table of contents are the laid-over text's; files it does not name are the source's.
   */
  layOver(files: ReadonlyMap<string, string | null>): Promise<PreparedContent>;
}
