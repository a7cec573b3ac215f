import { comparePaths } from '../compare-paths.js';
import type { KnownFiles } from '../content-loader.js';
import { joinDocPath, relativeTo } from '../gitbook/doc-path.js';
import type { DocsSnapshot, PageGroup, PageNode, SnapshotFile } from '../gitbook/docs-snapshot.js';
import { KeptReadDamagedError } from '../errors/kept-read-damaged-error.js';
import { layoutKey } from '../gitbook/layout-key.js';
import type { DerivedPage } from '../read-docs-repo.js';
import type { TreeEntry } from '../tree-source.js';
import type { ReadRecord } from './read-record.js';
import { ReadRecords } from './read-records.js';

/** The parts of a snapshot that are not its files nor its page tree. */
export type SnapshotHead = Omit<DocsSnapshot, 'files' | 'pages'>;

/**
 * A whole read of a target's docs as the last sync used it, kept in `.docsync/` (see read-log.ts) so
 * the next one-shot run reads only what changed since: one record per listed file (its listing
 * entry, its blob oid, a page's title and what the read derived from it), and the rest of the
 * snapshot beside. A one-page edit looks up and changes the records of the files it read again.
 */
export interface KeptRead {
  /** What the read depended on beyond the files (the reader's version, the target's options). */
  readonly key: string;
  /** The commit read, for a git source. */
  readonly commit: string | undefined;
  /** Every listed file, by path from the source's top, in path order. */
  readonly records: ReadRecords;
  /** Paths of the listing whose token is undefined (modified too recently to trust): stat'ed again by the next run. */
  readonly untrusted: readonly string[];
  /**
   * For a worktree in a git repository: the commit checked out and the files git said may differ from
   * it (paths from the source's top), taken before the listing. The next run stats only those, what
   * git says differs now, and what the commit's move changed.
   */
  readonly status: { readonly head: string | undefined; readonly paths: readonly string[] } | undefined;
  readonly head: SnapshotHead;
  /** The files docsync wrote instead (a normalised `.gitbook.yaml`, a `SUMMARY.md` listing the readme), with their bytes. */
  readonly generated: readonly SnapshotFile[];
  readonly pageCount: number;
  /** Files of the snapshot, those docsync wrote included. */
  readonly fileCount: number;
  readonly tree: PageTree;
  /** The snapshot: read whole, or made of the records (its files and page tree decoded when first used). */
  readonly snapshot: DocsSnapshot;
}

/**
 * A page tree, or one kept as its text and decoded (and checked) when first used: a 30,000-page tree
 * a one-page edit does not use is not decoded, its layout's key (see layout-key.ts) kept beside it. As
 * JSON, it is its value.
 */
export class PageTree {
  #value: readonly PageGroup[] | undefined;
  #layoutKey: string | undefined;

  private constructor(
    value: readonly PageGroup[] | undefined,
    private readonly read: () => readonly PageGroup[],
    layout: string | undefined,
  ) {
    this.#value = value;
    this.#layoutKey = layout;
  }

  static of(groups: readonly PageGroup[]): PageTree {
    return new PageTree(groups, () => groups, undefined);
  }

  /** A tree decoded when first used, and its layout's key when kept (else made from the tree when asked). */
  static stored(read: () => readonly PageGroup[], layout: string | undefined): PageTree {
    return new PageTree(undefined, read, layout);
  }

  value(): readonly PageGroup[] {
    this.#value ??= this.read();
    return this.#value;
  }

  layoutKey(): string {
    this.#layoutKey ??= layoutKey(this.value());
    return this.#layoutKey;
  }

  toJSON(): readonly PageGroup[] {
    return this.value();
  }
}

/** A kept read of its parts, its snapshot made of them. */
export function keptReadOf(parts: Omit<KeptRead, 'snapshot'>): KeptRead {
  const { head, records, generated, tree } = parts;
  let files: readonly SnapshotFile[] | undefined;
  const snapshot: DocsSnapshot = {
    ...head,
    get files(): readonly SnapshotFile[] {
      files ??= snapshotFiles(head.root, records, generated);
      return files;
    },
    get pages(): readonly PageGroup[] {
      return tree.value();
    },
  };
  return { ...parts, snapshot };
}

/** The kept read of a whole read: its listing, the snapshot, and what each page derived (by path from the source's top). */
export function keptRead(read: {
  readonly key: string;
  readonly commit: string | undefined;
  readonly listing: readonly TreeEntry[];
  readonly status: KeptRead['status'];
  readonly snapshot: DocsSnapshot;
  readonly pages: ReadonlyMap<string, DerivedPage>;
}): KeptRead {
  const { snapshot } = read;
  const records = new Map<string, ReadRecord>();
  const set = (path: string, part: Partial<ReadRecord>): void => {
    const record = records.get(path);
    if (record !== undefined) records.set(path, { ...record, ...part });
  };
  for (const entry of read.listing) records.set(entry.path, entry.token === undefined ? { size: entry.size } : { size: entry.size, token: entry.token });
  const generated: SnapshotFile[] = [];
  for (const file of snapshot.files) {
    if (file.sourcePath === undefined) generated.push(file);
    // A file the listing does not hold (none should) is kept without a token: never taken as known.
    else records.set(file.sourcePath, { ...records.get(file.sourcePath), size: file.size, oid: file.oid });
  }
  let pageCount = 0;
  const walk = (pages: readonly PageNode[]): void =>
    pages.forEach((page) => {
      pageCount++;
      set(joinDocPath(snapshot.root, page.path), { title: page.title });
      walk(page.children);
    });
  snapshot.pages.forEach((group) => walk(group.pages));
  for (const [path, page] of read.pages)
    set(path, page.outlineTitle === undefined ? { meta: page.meta } : { meta: page.meta, outlineTitle: page.outlineTitle });
  const { files: _files, pages: _pages, ...head } = snapshot;
  return {
    key: read.key,
    commit: read.commit,
    records: ReadRecords.of(records),
    untrusted: read.listing.flatMap((entry) => (entry.token === undefined ? [entry.path] : [])),
    status: read.status,
    head,
    generated,
    pageCount,
    fileCount: snapshot.files.length,
    tree: PageTree.of(snapshot.pages),
    snapshot,
  };
}

/**
 * What the kept read derived from each file it read (its blob oid, a page's metadata), while the file
 * is listed with the change token it had then: a whole read reads only the others. Derived from the
 * bytes alone, so it holds whatever the key: the token (a blob oid, or size:mtime) names the bytes.
 */
export function keptFiles(kept: KeptRead): KnownFiles {
  return (path, token) => {
    let record: ReadRecord | undefined;
    try {
      record = kept.records.get(path);
    } catch (error) {
      // Failed its check: not known, the file is read.
      if (error instanceof KeptReadDamagedError) return undefined;
      throw error;
    }
    if (record?.oid === undefined || record.token !== token) return undefined;
    return record.meta === undefined ? { size: record.size, oid: record.oid } : { size: record.size, oid: record.oid, page: record.meta };
  };
}

/** The file of the kept read's snapshot at `path` (in the docs root): one lookup, nothing else decoded. */
export function keptFile(kept: KeptRead, path: string): SnapshotFile | undefined {
  const generated = kept.generated.find((file) => file.path === path);
  if (generated !== undefined) return generated;
  const sourcePath = joinDocPath(kept.head.root, path);
  const record = kept.records.get(sourcePath);
  return record?.oid === undefined ? undefined : { path, sourcePath, size: record.size, oid: record.oid };
}

/**
 * A page's `SUMMARY.md` link text (by path in the docs root), as its record keeps it: the title the
 * outline gave the page where it was first listed, as the page tree's first node of that path has it.
 */
export function keptSummaryTitle(kept: KeptRead, path: string): string | undefined {
  return kept.records.get(joinDocPath(kept.head.root, path))?.outlineTitle;
}

/** The snapshot's files: the records' with a blob oid under the root, and those docsync wrote, by path. */
function snapshotFiles(root: string, records: ReadRecords, generated: readonly SnapshotFile[]): readonly SnapshotFile[] {
  const files: SnapshotFile[] = [];
  for (const [sourcePath, record] of records) {
    const path = record.oid === undefined ? undefined : relativeTo(root, sourcePath);
    if (path !== undefined && record.oid !== undefined) files.push({ path, sourcePath, size: record.size, oid: record.oid });
  }
  return generated.length === 0 ? files : [...files, ...generated].sort((a, b) => comparePaths(a.path, b.path));
}
