import { type FSWatcher, watch } from 'chokidar';
import type { WatchError } from './errors/watch-error.js';
import type { IgnoredPredicate } from './ignored-paths.js';
import { toWatchError } from './to-watch-error.js';

/** What happened to one path. Folder events come only for removals and creations. */
export type FileEventKind = 'add' | 'change' | 'unlink' | 'addDir' | 'unlinkDir';

export interface FileEvent {
  readonly kind: FileEventKind;
  /** Absolute path (the watched paths are given absolute). */
  readonly path: string;
}

export interface FileWatcherOptions {
  /** Paths to skip; see `ignored-paths.ts`. */
  readonly ignored: IgnoredPredicate;
  /** The directory named in error messages (the target's folder). */
  readonly directory: string;
}

/** A running watch over some paths. What `watchTargets` needs, so tests can hand it a fake. */
export interface FileWatcherHandle {
  on(event: 'change', listener: (event: FileEvent) => void): this;
  /** Errors come typed: `ENOSPC` as a `WatchLimitError`. */
  on(event: 'error', listener: (error: WatchError) => void): this;
  /** Settles once the initial scan is done: changes made after it are reported. */
  readonly ready: Promise<void>;
  close(): Promise<void>;
}

export type FileWatcherFactory = (paths: readonly string[], options: FileWatcherOptions) => FileWatcherHandle;

const KINDS: readonly FileEventKind[] = ['add', 'change', 'unlink', 'addDir', 'unlinkDir'];

/**
 * The one module that imports chokidar. Every write is reported as it happens (chokidar passes on at
 * most one `change` per file per 50 ms): a file still being written keeps producing events, so the
 * caller's debounce is what waits for a write to finish. chokidar's own wait (`awaitWriteFinish`)
 * would stack a second quiet period on top of the debounce.
 */
export class FileWatcher implements FileWatcherHandle {
  readonly ready: Promise<void>;
  private readonly watcher: FSWatcher;
  private readonly changeListeners: ((event: FileEvent) => void)[] = [];
  private readonly errorListeners: ((error: WatchError) => void)[] = [];

  constructor(paths: readonly string[], options: FileWatcherOptions) {
    this.watcher = watch([...paths], {
      ignored: options.ignored,
      // Changes made while docsync was down are the reconcile loop's job, not the watcher's.
      ignoreInitial: true,
      // Editors that save by writing a temp file and renaming it over: one `change`, not unlink + add.
      atomic: true,
    });
    this.ready = new Promise((resolve) => this.watcher.once('ready', () => resolve()));
    for (const kind of KINDS) {
      this.watcher.on(kind, (changed: string) => {
        for (const listener of this.changeListeners) listener({ kind, path: changed });
      });
    }
    // Always listening, so an 'error' with no listener yet never throws out of the emitter.
    this.watcher.on('error', (error: unknown) => {
      const typed = toWatchError(error, options.directory);
      for (const listener of this.errorListeners) listener(typed);
    });
  }

  on(event: 'change', listener: (event: FileEvent) => void): this;
  on(event: 'error', listener: (error: WatchError) => void): this;
  on(event: 'change' | 'error', listener: ((event: FileEvent) => void) | ((error: WatchError) => void)): this {
    if (event === 'change') this.changeListeners.push(listener as (event: FileEvent) => void);
    else this.errorListeners.push(listener as (error: WatchError) => void);
    return this;
  }

  close(): Promise<void> {
    this.changeListeners.length = 0;
    this.errorListeners.length = 0;
    return this.watcher.close();
  }
}

export const createFileWatcher: FileWatcherFactory = (paths, options) => new FileWatcher(paths, options);
