import type { ReadCounter } from './read-counter.js';

/** One file of a tree, as listed (listing never reads content). */
export interface TreeEntry {
  /** Path from the source's top, `/`-separated, no leading `./`. */
  readonly path: string;
  /** Size in bytes. */
  readonly size: number;
  /**
   * Changes whenever the content may have changed: a git blob oid, or size+mtime. `undefined` when the
   * source cannot vouch for it (a file modified too recently to trust its mtime): always read it.
   */
  readonly token: string | undefined;
  /** The git blob oid of the content, when the listing names it (a commit's tree): the file need not be read to know it. */
  readonly oid?: string | undefined;
}

/** A file's size and git blob oid, as yielded by {@link TreeSource.hashMany}. */
export interface FileHash {
  readonly path: string;
  readonly size: number;
  readonly oid: string;
}

/** A file's bytes, as yielded by {@link TreeSource.readMany}. */
export interface FileBytes {
  readonly path: string;
  readonly bytes: Uint8Array;
}

/** A tree of files to read docs from: a folder on disk, or a commit in a git repository. */
export interface TreeSource {
  /** Where the files come from, for messages: a directory, or `directory@ref`. */
  readonly label: string;
  /** Every read through this source is counted here. */
  readonly counter: ReadCounter;
  /** Every regular file, sorted by path. */
  list(): Promise<readonly TreeEntry[]>;
  /**
   * What `path` is when the tree holds it but {@link list} leaves it out: `a symlink`, `a fifo`…; undefined
   * when it is a listed file or not there. Optional: without it, such paths are not told apart.
   */
  notAFile?(path: string): string | undefined;
  /** One file's bytes. Throws `SourceFileNotFoundError` when it is not there. */
  read(path: string): Promise<Uint8Array>;
  /** Many files' bytes, in any order, with bounded memory (batched where the backend allows). */
  readMany(paths: readonly string[]): AsyncIterable<FileBytes>;
  /**
   * Many files' blob oids, each file read in pieces so a big asset is never held whole. Optional:
   * without it, files are hashed from {@link readMany}.
   */
  hashMany?(paths: readonly string[]): AsyncIterable<FileHash>;
  /**
   * One file's bytes in pieces read into `buffer`: each piece is a view of it, overwritten by the
   * next, so a big asset is copied without being held whole. Optional: without it, files are read
   * whole. Throws `SourceFileNotFoundError` when the file is not there.
   */
  readPieces?(path: string, buffer: Uint8Array): AsyncIterable<Uint8Array>;
}
