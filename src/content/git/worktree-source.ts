import { closeSync, type Dirent, fstatSync, lstatSync, openSync, readdirSync, readFileSync, readSync, type Stats, statSync } from 'node:fs';
import { type FileHandle, open, readFile } from 'node:fs/promises';
import path from 'node:path';
import { comparePaths } from '../compare-paths.js';
import { blobOidHash, gitBlobOid } from './git-blob-oid.js';
import { SourceFileNotFoundError } from '../errors/source-file-not-found-error.js';
import { SourceNotFoundError } from '../errors/source-not-found-error.js';
import { TreeIgnore } from './tree-ignore.js';
import { ReadCounter } from '../read-counter.js';
import type { FileBytes, FileHash, TreeEntry, TreeSource } from '../tree-source.js';

/** Options of {@link WorktreeSource}. */
export interface WorktreeSourceOptions {
  /** What is skipped. Default {@link TreeIgnore.load} of the directory: the rule the watcher shares. */
  readonly ignore?: TreeIgnore;
  /**
   * A file modified less than this long before the listing gets no change token, so it is always read:
   * a write in the same timestamp tick after we read it would leave size and mtime unchanged (git's
   * "racily clean" problem). Default 2000 ms, which covers coarse (FAT, 1-2 s) timestamps.
   */
  readonly racyWindowMs?: number;
  /**
   * Files stat'ed or read between two yields to the event loop. Default 256. The calls themselves are
   * synchronous: many small async reads through libuv's thread pool take several times longer.
   */
  readonly batch?: number;
  /** Current time in ms since the epoch. Default `Date.now`. */
  readonly now?: () => number;
}

/** Reads a folder on disk. Change token: size + mtime, so a cache can skip unchanged files. */
export class WorktreeSource implements TreeSource {
  readonly label: string;
  readonly counter = new ReadCounter();
  readonly directory: string;
  private readonly ignore: TreeIgnore;
  private readonly racyWindowMs: number;
  private readonly batch: number;
  private readonly now: () => number;

  constructor(directory: string, options: WorktreeSourceOptions = {}) {
    this.directory = path.resolve(directory);
    this.label = this.directory;
    this.ignore = options.ignore ?? TreeIgnore.load(this.directory);
    this.racyWindowMs = options.racyWindowMs ?? 2000;
    this.batch = Math.max(1, options.batch ?? 256);
    this.now = options.now ?? Date.now;
  }

  /** A listing taken as the folder's next one ({@link assumeListing}). */
  private assumed: readonly TreeEntry[] | undefined;

  /**
   * Takes `listing` (sorted by path) as what the next {@link list} finds: a listing kept from an
   * earlier read and brought up to date from what git's status names, so a whole read that follows
   * stats no file again. Once: a later listing stats the folder.
   */
  assumeListing(listing: readonly TreeEntry[]): void {
    this.assumed = listing;
  }

  /** What decides which files are skipped: equal keys, equal listings of the same files. */
  get ignoreKey(): string {
    return this.ignore.key;
  }

  /**
   * `listed`: the paths of an earlier listing of this folder under the same ignore rule ({@link ignoreKey}),
   * which are not checked against the rule again (a one-shot run's listing costs the stats alone).
   */
  async list(options: { listed?: ReadonlySet<string>; startedAt?: number } = {}): Promise<readonly TreeEntry[]> {
    const assumed = this.assumed;
    this.assumed = undefined;
    if (assumed !== undefined) return assumed;
    const top = statSync(this.directory, { throwIfNoEntry: false });
    if (top?.isDirectory() !== true) throw new SourceNotFoundError(this.directory);
    return sorted(await this.walk('', options.startedAt ?? this.now(), options.listed));
  }

  /** Every file under `folder` (relative; '' for all), unsorted. */
  private async walk(folder: string, startedAt: number, listed?: ReadonlySet<string>): Promise<TreeEntry[]> {
    const entries: TreeEntry[] = [];
    const folders = [folder];
    let done = 0;
    for (let next = folders.pop(); next !== undefined; next = folders.pop()) {
      let dirents: Dirent[];
      try {
        dirents = readdirSync(next === '' ? this.directory : this.absolute(next), { withFileTypes: true });
      } catch {
        continue; // removed while listing: simply not there
      }
      for (const dirent of dirents) {
        const relative = next === '' ? dirent.name : `${next}/${dirent.name}`;
        // Symlinks are skipped, as in git sources (mode 120000): following them could leave the tree.
        if (dirent.isDirectory() && !this.ignore.ignores(relative, true)) folders.push(relative);
        if (!dirent.isFile() || (listed?.has(relative) !== true && this.ignore.ignores(relative, false))) continue;
        // A name read from the folder: joined as is, no checks for `..` needed.
        const info = statSync(`${this.directory}/${relative}`, { throwIfNoEntry: false });
        if (info !== undefined) entries.push(this.entry(relative, info, startedAt));
        if (++done % this.batch === 0) await yieldToEventLoop();
      }
    }
    return entries;
  }

  /**
   * What `paths` hold now: files and folders that may have changed since an earlier listing of this
   * folder under the same ignore rule (as git's status tells them), stat'ed again, nothing else.
   * `files`: the entries of those that are files, and of the files in those that are folders;
   * `gone`: the paths whose earlier entries no longer hold (a file removed or ignored now, a folder,
   * whose files now are among `files`). `startedAt` is when whatever named the paths looked: a file
   * changed after it is too recent to trust.
   */
  async restat(paths: Iterable<string>, startedAt: number): Promise<{ files: Map<string, TreeEntry>; gone: Set<string> }> {
    const top = statSync(this.directory, { throwIfNoEntry: false });
    if (top?.isDirectory() !== true) throw new SourceNotFoundError(this.directory);
    const files = new Map<string, TreeEntry>();
    const gone = new Set<string>();
    for (const relative of paths) {
      const info = this.lstat(relative);
      if (info?.isFile() === true && !this.ignore.ignores(relative, false)) {
        files.set(relative, this.entry(relative, info, startedAt));
        continue;
      }
      gone.add(relative);
      if (info?.isDirectory() === true && !this.ignore.ignores(relative, true)) {
        for (const entry of await this.walk(relative, startedAt)) files.set(entry.path, entry);
      }
    }
    return { files, gone };
  }

  /** lstat only: a FIFO is never opened, a symlink never followed. */
  notAFile(relative: string): string | undefined {
    const info = this.lstat(relative);
    if (info === undefined || info.isFile() || info.isDirectory()) return undefined;
    if (info.isSymbolicLink()) return 'a symlink';
    return info.isFIFO() ? 'a fifo' : info.isSocket() ? 'a socket' : 'a device';
  }

  /** undefined when not there: removed, or a path through what is now a file (a watched folder's own name). */
  private lstat(relative: string): Stats | undefined {
    try {
      return lstatSync(this.absolute(relative));
    } catch {
      return undefined;
    }
  }

  private entry(relative: string, info: Stats, startedAt: number): TreeEntry {
    // Whole milliseconds, as Date.now() gives them: a file written in the read's own millisecond is not newer than it.
    const trusted = startedAt - Math.floor(info.mtimeMs) >= this.racyWindowMs;
    return { path: relative, size: info.size, token: trusted ? `${info.size}:${info.mtimeMs}` : undefined };
  }

  async read(relative: string): Promise<Uint8Array> {
    let bytes: Buffer;
    try {
      bytes = await readFile(this.absolute(relative));
    } catch (error) {
      throw new SourceFileNotFoundError(this.label, relative, error);
    }
    this.counter.record(bytes.length);
    return bytes;
  }

  async *readMany(paths: readonly string[]): AsyncIterable<FileBytes> {
    let sinceYield = 0;
    for (const relative of paths) {
      let bytes: Buffer;
      try {
        bytes = readFileSync(this.absolute(relative));
      } catch (error) {
        throw new SourceFileNotFoundError(this.label, relative, error);
      }
      this.counter.record(bytes.length);
      yield { path: relative, bytes };
      sinceYield += 1 + Math.floor(bytes.length / 65_536);
      if (sinceYield >= this.batch) {
        sinceYield = 0;
        await yieldToEventLoop();
      }
    }
  }

  async *readPieces(relative: string, buffer: Uint8Array): AsyncIterable<Uint8Array> {
    // Asynchronous, unlike the small reads: only big files are read so, in few large pieces.
    let handle: FileHandle;
    try {
      handle = await open(this.absolute(relative), 'r');
    } catch (error) {
      throw new SourceFileNotFoundError(this.label, relative, error);
    }
    let size = 0;
    try {
      for (let read = (await handle.read(buffer)).bytesRead; read > 0; read = (await handle.read(buffer)).bytesRead) {
        size += read;
        yield buffer.subarray(0, read);
      }
    } finally {
      await handle.close();
    }
    this.counter.record(size);
  }

  async *hashMany(paths: readonly string[]): AsyncIterable<FileHash> {
    const piece = Buffer.allocUnsafe(HASH_PIECE_BYTES);
    let sinceYield = 0;
    for (const relative of paths) {
      let fd: number;
      try {
        fd = openSync(this.absolute(relative), 'r');
      } catch (error) {
        throw new SourceFileNotFoundError(this.label, relative, error);
      }
      let size = 0;
      let oid: string;
      try {
        // A blob oid names the size first: taken from the open file, and checked against what was read.
        const expected = fstatSync(fd).size;
        const hash = blobOidHash(expected);
        for (let read = readSync(fd, piece); read > 0; read = readSync(fd, piece)) {
          hash.update(piece.subarray(0, read));
          size += read;
        }
        oid = hash.digest('hex');
        if (size !== expected) {
          // Written to while read: hashed again whole, so the oid names the bytes it counts.
          const bytes = readFileSync(this.absolute(relative));
          [size, oid] = [bytes.length, gitBlobOid(bytes)];
        }
      } finally {
        closeSync(fd);
      }
      this.counter.record(size);
      yield { path: relative, size, oid };
      sinceYield += 1 + Math.floor(size / 65_536);
      if (sinceYield >= this.batch) {
        sinceYield = 0;
        await yieldToEventLoop();
      }
    }
  }

  private absolute(relative: string): string {
    const parts = relative.split('/');
    if (path.isAbsolute(relative) || parts.includes('..')) {
      throw new SourceFileNotFoundError(this.label, relative);
    }
    return path.join(this.directory, ...parts);
  }
}

function sorted(entries: TreeEntry[]): TreeEntry[] {
  return entries.sort((a, b) => comparePaths(a.path, b.path));
}

/** Files are hashed through one buffer of this size: read whole, large assets churned as much memory as they weigh. */
const HASH_PIECE_BYTES = 1024 * 1024;

/** Lets timers and sockets run between batches of synchronous file system calls. */
function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
