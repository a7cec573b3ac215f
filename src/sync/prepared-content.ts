import type { DocsSnapshot } from '../content/docs-snapshot.js';
import type { CommitInfo } from './change-request-subject.js';

/** A docs tree read and hashed, with its bundle built only when an import needs it. */
export interface PreparedContent {
  contentHash: string;
  pageCount: number;
  /** What the reader skipped and why (missing files, duplicates). */
  warnings: string[];
  /** The commit the content came from; absent for the working tree. */
  commit: CommitInfo | undefined;
  /** What was read: pages, files and their hashes, for plans that compare with live content. */
  snapshot: DocsSnapshot;
  bundle(): Promise<Uint8Array>;
  /** Bytes of one file of the snapshot, by its path in the docs root. */
  readFile(path: string): Promise<Uint8Array>;
}
