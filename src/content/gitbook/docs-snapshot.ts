import type { UnlinkedItem } from './parse-summary.js';
import type { SummaryStructure } from './summary-structure.js';
import type { GitbookConfig } from './gitbook-config.js';

/** A page of the table of contents, read. */
export interface PageNode {
  /** Title from `SUMMARY.md`, else the leading `# ` heading, else the file name. */
  readonly title: string;
  /** The link text `SUMMARY.md` gives it, when it gives one. */
  readonly summaryTitle?: string;
  /** Path relative to the docs root (as in the bundle). */
  readonly path: string;
  /** The `"label"` after the link in `SUMMARY.md`. */
  readonly label?: string;
  readonly description?: string;
  readonly icon?: string;
  readonly hidden?: boolean;
  readonly layout?: Readonly<Record<string, unknown>>;
  readonly children: readonly PageNode[];
  /** The `SUMMARY.md` items without a link it is listed under, between it and its parent, outermost first. */
  readonly under?: readonly UnlinkedItem[];
}

/** A `##` heading of `SUMMARY.md` and its pages; `title` is undefined for pages before any heading. */
export interface PageGroup {
  readonly title: string | undefined;
  readonly pages: readonly PageNode[];
}

/** A file of the bundle: copied from the source, or written by docsync (a normalised `.gitbook.yaml`). */
export type SnapshotFile = {
  /** Path in the bundle, relative to the docs root. */
  readonly path: string;
  readonly size: number;
  /** The git blob oid of the bytes: the file's content identity. */
  readonly oid: string;
} & ({ readonly sourcePath: string; readonly bytes?: undefined } | { readonly sourcePath?: undefined; readonly bytes: Uint8Array });

/** How much a read cost. */
export interface ReadStats {
  /** Files in the listing. */
  readonly listed: number;
  /** Files whose bytes were read. */
  readonly read: number;
  readonly bytesRead: number;
  /** Files answered from what an earlier read derived, without reading. */
  readonly cached: number;
}

/** Everything docsync knows about a GitBook-format docs tree after one read. */
export interface DocsSnapshot {
  /** The tree source's label (directory, or `directory@ref`). */
  readonly source: string;
  /** Docs root relative to the source's top ('' = the top). */
  readonly root: string;
  readonly config: GitbookConfig;
  /** The readme page (relative to the root) when it exists. */
  readonly readme: string | undefined;
  /** `SUMMARY.md` (relative to the root) when there is one; undefined when pages were inferred from folders. */
  readonly summary: string | undefined;
  /** What the bundle's `SUMMARY.md` holds beyond pages (link entries, items without a link), by its lines; undefined without one. */
  readonly summaryStructure: SummaryStructure | undefined;
  readonly pages: readonly PageGroup[];
  /** What the bundle holds, sorted by path. */
  readonly files: readonly SnapshotFile[];
  /** What was skipped or doubted and why, as `file:line: message`. */
  readonly warnings: readonly string[];
  /** sha256 over the sorted (path, size, blob oid) list: same files, same hash, whatever the mtimes. */
  readonly contentHash: string;
  readonly stats: ReadStats;
}
