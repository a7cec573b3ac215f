import type { Download } from '../../http/url-downloader.js';
import type { ApiClient } from '../../api/api-client.js';
import type { CommitInfo } from '../../content/git/git-repository.js';
import type { Logger } from '../../logging/logger.js';
import type { ContentExpectation } from '../../content/bundle/content-expectation.js';
import type { DocsSnapshot } from '../../content/gitbook/docs-snapshot.js';
import type { FileBytes } from '../../content/tree-source.js';
import type { SourceKind, UrlSourceKind } from '../plan-schema.js';
import type { GitCache } from './git-cache.js';

/** What an import sends: a bundle docsync built (served at an artifact URL, `zip`), or the source's own URL. */
export type ImportPayload =
  | { readonly type: 'bundle'; readonly bytes: Uint8Array; readonly name: string }
  | { readonly type: 'url'; readonly url: string; readonly source: UrlSourceKind };

/** An import ready to send, with what it must produce. */
export interface PreparedImport {
  readonly payload: ImportPayload;
  readonly expectation: ContentExpectation;
  /** sha256 of what is imported: the snapshot's content hash, or of the bytes at the URL. */
  readonly contentHash: string;
}

/** A source's docs as the page planner reads them: the snapshot, and its files' bytes by path in the docs root. */
export interface SourcePages {
  readonly snapshot: DocsSnapshot;
  readMany(paths: readonly string[]): AsyncIterable<FileBytes>;
}

/** A source that was found and read far enough to know it is valid and how many pages it has. */
export interface ResolvedSource {
  readonly kind: SourceKind;
  readonly label: string;
  /** Pages the import should produce. */
  readonly pages: number;
  /** For git sources: the commit read. */
  readonly commit?: CommitInfo | undefined;
  /** What the reader skipped or doubted. */
  readonly warnings: readonly string[];
  /** Builds the import (zipping a bundle, pulling a space); not called by a dry run. */
  prepare(): Promise<PreparedImport>;
  /**
   * The docs page by page, for content batches (today's API, which has no import); not called by a
   * dry run. Absent for what only the platform's import reads (a website, a document it converts).
   */
  readonly pageContent?: (() => Promise<SourcePages>) | undefined;
  /** Removes temporary files. Safe to call twice. */
  dispose(): Promise<void>;
}

/** What resolvers need: the API (space sources), a cache folder (clones, pulls), downloads (URL sources, a pulled space's files). */
export interface ResolveDeps {
  readonly api: Pick<ApiClient, 'content' | 'list'>;
  /** Clones of git sources, shared by the items of a run. */
  readonly git: GitCache;
  /** Folder for temporary pulls of source spaces. */
  readonly tempDir: string;
  /** Downloads URL sources (to validate them and know what must arrive) and the files of source spaces. */
  readonly download: Download;
  readonly logger: Logger;
  readonly signal?: AbortSignal | undefined;
  /** The longest a URL source may keep its item waiting, all tries included. Default 2 minutes. */
  readonly sourceWaitMs?: number | undefined;
}
