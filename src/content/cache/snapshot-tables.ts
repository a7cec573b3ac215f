import { comparePaths } from '../compare-paths.js';
import { contentHashOf } from '../content-hash.js';
import { joinDocPath } from '../gitbook/doc-path.js';
import type { DocsSnapshot, PageGroup, PageNode, SnapshotFile } from '../gitbook/docs-snapshot.js';
import { JsonText } from './json-text.js';
import { escape, type LineCodec, PageMap, unescape } from '../../state/page-map.js';

/** A file of a snapshot read from its source, as a table keeps it (by its path in the docs root). */
export interface TableFile {
  readonly size: number;
  /** The git blob oid of the bytes. */
  readonly oid: string;
}

/**
 * A snapshot's files and page tree as tables a one-page edit reads a few lines of: a kept read loads
 * them as text, and the snapshot made from them ({@link tabledSnapshot}) decodes its `files` and
 * `pages` only when something uses them whole.
 */
export interface SnapshotTables {
  /** The files read from the source (each at `joinDocPath(root, path)`), by path in the docs root, sorted. */
  readonly files: PageMap<TableFile>;
  /** The files docsync wrote instead (a normalised `.gitbook.yaml`, a `SUMMARY.md` listing the readme), with their bytes. */
  readonly generated: readonly SnapshotFile[];
  /** Each page's title in the page tree, by path in the docs root (a page is in the tree once). */
  readonly titles: PageMap<string>;
  readonly tree: JsonText<readonly PageGroup[]>;
  readonly pageCount: number;
}

/** The parts of a snapshot that are not its files nor its page tree. */
export type SnapshotHead = Omit<DocsSnapshot, 'files' | 'pages'>;

export const TABLE_FILES: LineCodec<TableFile> = {
  entryOf: (fields) => ({ size: Number(fields[1]), oid: fields[2] ?? '' }),
  fieldsOf: (file) => `${file.size}\t${file.oid}`,
};

export const TITLES: LineCodec<string> = { entryOf: (fields) => unescape(fields[1] ?? ''), fieldsOf: (title) => escape(title) };

/** The tables of a snapshot read whole. */
export function snapshotTables(snapshot: DocsSnapshot): SnapshotTables {
  const titles: [string, string][] = [];
  const walk = (pages: readonly PageNode[]): void =>
    pages.forEach((page) => {
      titles.push([page.path, page.title]);
      walk(page.children);
    });
  snapshot.pages.forEach((group) => walk(group.pages));
  return {
    files: PageMap.of(
      TABLE_FILES,
      snapshot.files.flatMap((file) => (file.sourcePath === undefined ? [] : [[file.path, { size: file.size, oid: file.oid }] as const])),
    ),
    generated: snapshot.files.filter((file) => file.sourcePath === undefined),
    titles: PageMap.of(TITLES, titles),
    tree: JsonText.of(snapshot.pages),
    pageCount: titles.length,
  };
}

/** A snapshot's parts other than its files and page tree, read without decoding those. */
export function snapshotHead(snapshot: DocsSnapshot): SnapshotHead {
  const { source, root, config, readme, summary, summaryStructure, warnings, contentHash, stats } = snapshot;
  return { source, root, config, readme, summary, summaryStructure, warnings, contentHash, stats };
}

/** A snapshot whose `files` and `pages` are decoded from `tables` on first use (each once). */
export function tabledSnapshot(head: SnapshotHead, tables: SnapshotTables): DocsSnapshot {
  let files: readonly SnapshotFile[] | undefined;
  return {
    ...head,
    get files(): readonly SnapshotFile[] {
      files ??= sorted(
        [...tables.files].map(([path, file]): SnapshotFile => ({ path, sourcePath: joinDocPath(head.root, path), size: file.size, oid: file.oid })),
        tables.generated,
      );
      return files;
    },
    get pages(): readonly PageGroup[] {
      return tables.tree.value();
    },
  };
}

/** The file of the snapshot at `path` (in the docs root), through the tables: one lookup, nothing decoded. */
export function tableFile(tables: SnapshotTables, root: string, path: string): SnapshotFile | undefined {
  const generated = tables.generated.find((file) => file.path === path);
  if (generated !== undefined) return generated;
  const file = tables.files.get(path);
  return file === undefined ? undefined : { path, sourcePath: joinDocPath(root, path), size: file.size, oid: file.oid };
}

/** How many files the snapshot holds. */
export function tableFileCount(tables: SnapshotTables): number {
  return tables.files.size + tables.generated.length;
}

/** The snapshot's content hash, of the files table's text as it is (its lines are the hash's, see `contentLine`). */
export function tablesContentHash(tables: SnapshotTables): string {
  return contentHashOf(tables.files.toText(), tables.generated);
}

function sorted(files: SnapshotFile[], generated: readonly SnapshotFile[]): readonly SnapshotFile[] {
  return generated.length === 0 ? files : [...files, ...generated].sort((a, b) => comparePaths(a.path, b.path));
}
