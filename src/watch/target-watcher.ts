import path from 'node:path';
import { type Logger, silentLogger } from '../logging/logger.js';
import { DebouncePerKey, type DebouncedBatch, type DebounceTimers } from './debounce-per-key.js';
import { WatchLimitError } from './errors/watch-limit-error.js';
import { createFileWatcher, type FileEvent, type FileWatcherFactory, type FileWatcherHandle } from './file-watcher.js';
import { gitRefsIgnored, worktreeIgnored } from './ignored-paths.js';
import { RefResolver } from './ref-resolver.js';

/** The `source` that means "files on disk, saved or not"; any other value is a git ref. */
export const WORKTREE_SOURCE = 'worktree';

export interface WatchTarget {
  /** Unique target name, handed back to `onChange`. */
  readonly name: string;
  /** The folder to watch; a single file works too (a spec's root file). */
  readonly directory: string;
  /** `worktree` watches the files; a git ref (`HEAD`, `main`, a tag) watches the commit it names. */
  readonly source: string;
  /**
   * More files to watch, in worktree mode: a spec's root and every file its `$ref`s reach (see
   * `listSpecFiles` in src/specs). In ref mode the commit already covers them.
   */
  readonly extraFiles?: readonly string[];
}

/** Told "target `name` changed"; the caller enqueues its one job. Errors are logged, not rethrown. */
export type TargetChangeListener = (name: string, reason: string) => void | Promise<void>;

export interface WatchTargetsOptions {
  /**
   * Quiet time after a target's last event before it fires. Default 300 ms. It is also the wait for
   * a write to finish: a file being written keeps producing events, so it is read only once its
   * writes paused this long (less chokidar's 50 ms throttle of a file's `change` events).
   */
  debounceMs?: number;
  /** Longest a stream of events can hold a target back. Default 5000 ms. */
  maxWaitMs?: number;
  /** Default: silent. */
  logger?: Logger;
  /** Called when a target falls back to reconcile-only (it is then listed in `degraded`). */
  onDegraded?: (name: string, error: WatchLimitError) => void;
  /** Test seam: the watcher to use. Default chokidar through `createFileWatcher`. */
  createWatcher?: FileWatcherFactory;
  /** Test seam for the debouncer's clock. */
  timers?: DebounceTimers;
}

export interface TargetWatchers {
  /** Stops every watcher and drops pending (not yet fired) changes; waits for running callbacks. */
  close(): Promise<void>;
  /** Targets that lost their watcher to the inotify limit and now rely on the reconcile loop. */
  readonly degraded: readonly string[];
}

interface TargetState {
  readonly target: WatchTarget;
  readonly root: string;
  watcher?: FileWatcherHandle;
  resolver?: RefResolver;
  /** Ref mode: the commit last reported (or found at start). */
  commit?: string;
  /** Deliveries run one at a time per target, so commit comparisons never interleave. */
  chain: Promise<void>;
}

/**
 * Watches every target and calls `onChange(name, reason)` once per burst of changes to it. Worktree
 * targets react to saved files; ref targets only when the ref's commit moves (commit, checkout,
 * fetch, reset), never to edits of the working files. A target whose watch hits the inotify limit
 * is listed in `degraded` and left to the reconcile loop. Resolves once every watch is ready;
 * throws `NotAGitRepositoryError` for a ref target outside a git repository.
 */
export async function watchTargets(
  targets: readonly WatchTarget[],
  onChange: TargetChangeListener,
  options: WatchTargetsOptions = {},
): Promise<TargetWatchers> {
  const logger = options.logger ?? silentLogger;
  const createWatcher = options.createWatcher ?? createFileWatcher;
  const states = new Map<string, TargetState>();
  const degraded: string[] = [];
  let closed = false;

  for (const target of targets) {
    if (states.has(target.name)) throw new RangeError(`Two watch targets are named "${target.name}": names must be unique.`);
    states.set(target.name, { target, root: path.resolve(target.directory), chain: Promise.resolve() });
  }

  const debouncer = new DebouncePerKey<string>(
    (name, batch) => {
      const state = states.get(name);
      if (state === undefined || closed) return;
      state.chain = state.chain.then(() => deliver(state, batch));
    },
    { debounceMs: options.debounceMs, maxWaitMs: options.maxWaitMs, timers: options.timers },
  );

  async function deliver(state: TargetState, batch: DebouncedBatch): Promise<void> {
    const { name, source } = state.target;
    let reason = describeBatch(batch);
    if (state.resolver !== undefined) {
      let commit: string | undefined;
      try {
        commit = await state.resolver.resolve();
      } catch (error) {
        logger.warn({ target: name, ref: source, err: messageOf(error) }, 'could not resolve the watched ref; will retry on the next event');
        return;
      }
      // Same commit (a checkout of another branch at the same point, a gc repacking refs): nothing to sync.
      if (commit === undefined || commit === state.commit) {
        logger.debug({ target: name, ref: source, commit }, 'git refs changed but the watched commit did not');
        return;
      }
      reason = `${source} moved from ${shortSha(state.commit)} to ${shortSha(commit)}`;
      state.commit = commit;
    }
    if (closed) return;
    logger.debug({ target: name, reason }, 'target changed');
    try {
      await onChange(name, reason);
    } catch (error) {
      logger.error({ target: name, err: messageOf(error) }, 'change handler failed');
    }
  }

  function degrade(state: TargetState, error: WatchLimitError): void {
    const { name } = state.target;
    if (degraded.includes(name)) return;
    degraded.push(name);
    debouncer.cancel(name);
    logger.error({ target: name, directory: error.directory, code: error.code }, error.message);
    // A watch that lost some of its inotify watches misses events silently: drop it entirely.
    state.watcher?.close().catch((closeError: unknown) => {
      logger.warn({ target: name, err: messageOf(closeError) }, 'closing the failed watcher failed');
    });
    options.onDegraded?.(name, error);
  }

  async function start(state: TargetState): Promise<void> {
    const { target, root } = state;
    let paths: string[];
    let ignored: (candidate: string) => boolean;
    if (target.source === WORKTREE_SOURCE) {
      const extra = (target.extraFiles ?? []).map((file) => path.resolve(file));
      paths = [...new Set([root, ...extra])];
      ignored = worktreeIgnored(root, extra);
    } else {
      const resolver = await RefResolver.open(root, target.source);
      state.resolver = resolver;
      state.commit = await resolver.resolve();
      paths = resolver.watchPaths;
      ignored = gitRefsIgnored(resolver.gitDir, resolver.commonDir);
    }

    const watcher = createWatcher(paths, { ignored, directory: root });
    state.watcher = watcher;
    let gaveUp = (): void => undefined;
    const failed = new Promise<void>((resolve) => (gaveUp = resolve));
    watcher.on('change', (event) => {
      // New folders matter only through the files in them, which come as their own events.
      if (closed || degraded.includes(target.name) || event.kind === 'addDir') return;
      debouncer.trigger(target.name, describeEvent(root, event));
    });
    watcher.on('error', (error) => {
      if (error instanceof WatchLimitError) {
        degrade(state, error);
        gaveUp();
      } else {
        logger.warn({ target: target.name, directory: error.directory, code: error.code }, error.message);
      }
    });
    // A watch that fails during its initial scan may never report ready.
    await Promise.race([watcher.ready, failed]);
    logger.debug({ target: target.name, source: target.source, paths }, 'watching');
  }

  const handle: TargetWatchers = {
    get degraded() {
      return [...degraded];
    },
    async close() {
      if (closed) return;
      closed = true;
      debouncer.cancelAll();
      const all = [...states.values()];
      await Promise.allSettled(all.map((state) => state.watcher?.close() ?? Promise.resolve()));
      await Promise.allSettled(all.map((state) => state.chain));
    },
  };

  const started = await Promise.allSettled([...states.values()].map(start));
  const failure = started.find((result) => result.status === 'rejected');
  if (failure !== undefined) {
    await handle.close();
    throw failure.reason;
  }
  return handle;
}

function describeEvent(root: string, event: FileEvent): string {
  const relative = path.relative(root, event.path);
  const shown = relative === '' ? path.basename(event.path) : relative.split(path.sep).join('/');
  return `${event.kind} ${shown}`;
}

function describeBatch(batch: DebouncedBatch): string {
  const [first = 'change'] = batch.reasons;
  if (batch.events === 1) return first;
  const more = batch.reasons.length < batch.events ? ', …' : '';
  return `${batch.events} file events (${batch.reasons.join(', ')}${more})`;
}

function shortSha(commit: string | undefined): string {
  return commit === undefined ? '(none)' : commit.slice(0, 12);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
