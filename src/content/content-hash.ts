import { createHash } from 'node:crypto';
import { comparePaths } from './compare-paths.js';
import { escape, unescape } from '../state/page-map.js';

/** What the content hash covers of a file. */
export interface HashedFile {
  readonly path: string;
  readonly size: number;
  /** The git blob oid of the bytes. */
  readonly oid: string;
}

const VERSION = 'docsync-content-v3\n';

/**
 * A file's line in the content hash: its path (tabs, line breaks and backslashes escaped, so no two
 * lists serialise alike), size and blob oid, tab-separated. The same as its line in a snapshot's files
 * table (`snapshotTables`), so a table's text is hashed as it is ({@link contentHashOf}).
 */
export function contentLine(file: HashedFile): string {
  return `${escape(file.path)}\t${file.size}\t${file.oid}`;
}

/** sha256 over the files' lines sorted by path, each ended by a line break, after a version line. */
export function contentHash(files: readonly HashedFile[]): string {
  return contentHashOf('', files);
}

/**
 * {@link contentHash} of the files whose lines `table` holds (sorted by path, joined by line breaks)
 * and of `others`, merged in path order: a 10,000-file table is hashed as one text, not 10,000 lines.
 */
export function contentHashOf(table: string, others: readonly HashedFile[]): string {
  const hash = createHash('sha256').update(VERSION);
  // Fed in pieces of about 64 KiB: one update per file (a call into the hash per file) cost more than the hashing.
  let piece = '';
  let at = 0;
  // The table's lines up to `until` (a line's start, or the end: its last line has no line break).
  const tableUntil = (until: number): void => {
    if (until <= at) return;
    hash.update(piece).update(table.slice(at, until));
    if (until === table.length) hash.update('\n');
    piece = '';
    at = until;
  };
  for (const file of inOrder(others)) {
    tableUntil(firstLineAfter(table, at, file.path));
    piece += `${contentLine(file)}\n`;
    if (piece.length >= 65_536) {
      hash.update(piece);
      piece = '';
    }
  }
  hash.update(piece);
  piece = '';
  tableUntil(table.length);
  return hash.digest('hex');
}

/** Files sorted by path: checked in one pass, sorted (a copy) only when they are not (a snapshot's come sorted). */
function inOrder(files: readonly HashedFile[]): readonly HashedFile[] {
  const sorted = files.every((file, index) => index === 0 || comparePaths(files[index - 1]?.path ?? '', file.path) <= 0);
  return sorted ? files : [...files].sort((a, b) => comparePaths(a.path, b.path));
}

/** Where the first line from `from` on whose path sorts after `path` starts (the text's end when none does). */
function firstLineAfter(text: string, from: number, path: string): number {
  for (let start = from; start < text.length;) {
    const tab = text.indexOf('\t', start);
    if (comparePaths(unescape(text.slice(start, tab)), path) > 0) return start;
    const end = text.indexOf('\n', tab);
    if (end < 0) break;
    start = end + 1;
  }
  return text.length;
}
