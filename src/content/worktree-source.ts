import { type Dirent, readdirSync, readFileSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { comparePaths } from './compare-paths.js';
import { SourceFileNotFoundError } from './errors/source-file-not-found-error.js';
import { SourceNotFoundError } from './errors/source-not-found-error.js';
import { TreeIgnore } from './tree-ignore.js';
import { ReadCounter } from './read-counter.js';
import type { FileBytes, TreeEntry, TreeSource } from './tree-source.js';

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
   * synchronous: through libuv's 4-thread pool, 10,000 small async reads take ~8× longer.
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

  async list(): Promise<readonly TreeEntry[]> {
    const startedAt = this.now();
    const top = statSync(this.directory, { throwIfNoEntry: false });
    if (top?.isDirectory() !== true) throw new SourceNotFoundError(this.directory);
    const entries: TreeEntry[] = [];
    const folders = [''];
    let done = 0;
    for (let folder = folders.pop(); folder !== undefined; folder = folders.pop()) {
      let dirents: Dirent[];
      try {
        dirents = readdirSync(folder === '' ? this.directory : this.absolute(folder), { withFileTypes: true });
      } catch {
        continue; // removed while listing: simply not there
      }
      for (const dirent of dirents) {
        const relative = folder === '' ? dirent.name : `${folder}/${dirent.name}`;
        // Symlinks are skipped, as in git sources (mode 120000): following them could leave the tree.
        if (dirent.isDirectory() && !this.ignore.ignores(relative, true)) folders.push(relative);
        if (!dirent.isFile() || this.ignore.ignores(relative, false)) continue;
        const info = statSync(this.absolute(relative), { throwIfNoEntry: false });
        if (info === undefined) continue;
        const trusted = startedAt - info.mtimeMs >= this.racyWindowMs;
        entries.push({ path: relative, size: info.size, token: trusted ? `${info.size}:${info.mtimeMs}` : undefined });
        if (++done % this.batch === 0) await yieldToEventLoop();
      }
    }
    return entries.sort((a, b) => comparePaths(a.path, b.path));
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

  private absolute(relative: string): string {
    const parts = relative.split('/');
    if (path.isAbsolute(relative) || parts.includes('..')) {
      throw new SourceFileNotFoundError(this.label, relative);
    }
    return path.join(this.directory, ...parts);
  }
}

/** Lets timers and sockets run between batches of synchronous file system calls. */
function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
