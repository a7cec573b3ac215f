import { type FSWatcher, readFileSync, watch } from 'node:fs';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { TreeEntry } from '../tree-source.js';

/** Starts watching one folder's entries, as `fs.watch` does. */
export type WatchFolder = (folder: string, options: { readonly persistent: boolean }, listener: (event: string, name: string | null) => void) => FSWatcher;

/** What changed in a worktree since the listing {@link WorktreeJournal.record} was last given. */
export interface JournalChanges {
  readonly listing: readonly TreeEntry[];
  /** Paths (files or folders, relative to the worktree) that were created, changed or removed. */
  readonly paths: ReadonlySet<string>;
}

/**
 * Which files of a worktree may have changed since its last listing, from one watch per folder
 * (inotify on Linux), so a long-lived process lists a 10,000-file tree by stat'ing what changed
 * instead of every file. It only ever says "list it all" when it cannot vouch for its answer: before
 * the first listing, after a watch failed or could not be added, after the folder itself was replaced
 * or the ignore rules changed (the caller's `key`), and
 * after so many events that the kernel's event queue may have overflowed (an overflow drops events
 * silently, and can only happen after `max_queued_events` events were queued).
 */
export class WorktreeJournal {
  private readonly watchers = new Map<string, FSWatcher>();
  private changed = new Set<string>();
  private events = 0;
  /** A watch failed, could not be added, or reported a change without a name since the last full listing. */
  private failed = false;
  /** The system ran out of watches: the journal watches nothing and every listing is a full one. */
  private disabled = false;
  private listing: readonly TreeEntry[] | undefined;
  /** What the listing was made under: the folder's identity and the ignore rules. */
  private key = '';
  private readonly eventLimit: number;
  private turn: Promise<unknown> = Promise.resolve();
  /** Times {@link changes} answered "list it all". */
  fullListings = 0;

  constructor(
    readonly directory: string,
    /** How a folder is watched. Default `fs.watch`. */
    private readonly watchFolderWith: WatchFolder = watch,
  ) {
    this.eventLimit = Math.floor(queuedEventLimit() / 2);
  }

  /**
   * What changed since the recorded listing, or undefined when the whole tree must be listed (the
   * caller then watches each folder it lists): always when `key` differs from the last one. Events
   * the kernel queued before this call are taken in first, so a write that returned before it is seen.
   */
  async changes(key: string): Promise<JournalChanges | undefined> {
    // The first turn may end a poll phase's callbacks; the second follows a fresh poll of every watch.
    await nextTurn();
    await nextTurn();
    const usable = this.listing !== undefined && !this.disabled && !this.failed && key === this.key && this.events < this.eventLimit;
    const { listing, changed: paths } = this;
    this.changed = new Set();
    this.events = 0;
    if (usable && listing !== undefined) return { listing, paths };
    this.fullListings += 1;
    this.close();
    this.key = key;
    return undefined;
  }

  /** Watches `folder` (relative; '' is the worktree) for changes to its files and subfolders. */
  watchFolder(folder: string): void {
    if (this.disabled || this.watchers.has(folder)) return;
    const absolute = folder === '' ? this.directory : path.join(this.directory, ...folder.split('/'));
    try {
      // Not persistent: a journal never keeps a process alive.
      const watcher = this.watchFolderWith(absolute, { persistent: false }, (_event, name) => {
        this.events += 1;
        if (name === null) this.failed = true;
        else this.changed.add(folder === '' ? name : `${folder}/${name}`);
      });
      watcher.on('error', () => {
        this.failed = true;
      });
      this.watchers.set(folder, watcher);
    } catch (error) {
      // Removed meanwhile: its changes cannot be seen. Out of watches: give them up for good, rather
      // than compete with the daemon's watcher for the ones left (every read then stats every file).
      this.failed = true;
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOSPC' || code === 'EMFILE') {
        this.close();
        this.disabled = true;
      }
    }
  }

  /** Stops watching `folder` and every folder under it (they were removed or replaced). */
  forgetFolder(folder: string): void {
    const prefix = `${folder}/`;
    for (const [watched, watcher] of this.watchers) {
      if (watched === folder || watched.startsWith(prefix)) {
        watcher.close();
        this.watchers.delete(watched);
      }
    }
  }

  /** Runs `list` after every listing started before it: two listings at once would share one set of changes. */
  exclusive<T>(list: () => Promise<T>): Promise<T> {
    const result = this.turn.then(list);
    this.turn = result.catch(() => undefined);
    return result;
  }

  /** The listing just made, which the next {@link changes} is relative to. */
  record(listing: readonly TreeEntry[]): void {
    this.listing = listing;
  }

  /** Number of folders watched. */
  get folders(): number {
    return this.watchers.size;
  }

  /** Stops every watch and forgets the listing. */
  close(): void {
    for (const watcher of this.watchers.values()) watcher.close();
    this.watchers.clear();
    this.listing = undefined;
    this.changed = new Set();
    this.events = 0;
    this.failed = false;
  }
}

/** The kernel's inotify queue length (Linux); elsewhere a conservative guess. */
function queuedEventLimit(): number {
  try {
    const value = Number(readFileSync('/proc/sys/fs/inotify/max_queued_events', 'utf8').trim());
    return Number.isFinite(value) && value > 1 ? value : 1024;
  } catch {
    return 1024;
  }
}
