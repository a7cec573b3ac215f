import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Logger } from '../../../src/logging/logger.js';
import type { WatchError } from '../../../src/watch/errors/watch-error.js';
import { WatchLimitError } from '../../../src/watch/errors/watch-limit-error.js';
import type { FileEvent, FileWatcherFactory, FileWatcherHandle, FileWatcherOptions } from '../../../src/watch/file-watcher.js';
import { type TargetWatchers, watchTargets } from '../../../src/watch/target-watcher.js';
import { toWatchError } from '../../../src/watch/to-watch-error.js';

/** A watcher that does nothing on its own; the test drives its events. */
class FakeWatcher implements FileWatcherHandle {
  readonly changes: ((event: FileEvent) => void)[] = [];
  readonly errors: ((error: WatchError) => void)[] = [];
  closed = false;
  constructor(
    readonly paths: readonly string[],
    readonly options: FileWatcherOptions,
    readonly ready: Promise<void>,
  ) {}
  on(event: 'change', listener: (event: FileEvent) => void): this;
  on(event: 'error', listener: (error: WatchError) => void): this;
  on(event: string, listener: ((event: FileEvent) => void) | ((error: WatchError) => void)): this {
    if (event === 'change') this.changes.push(listener as (event: FileEvent) => void);
    else this.errors.push(listener as (error: WatchError) => void);
    return this;
  }
  emitChange(path: string): void {
    for (const listener of this.changes) listener({ kind: 'change', path });
  }
  emitError(error: unknown): void {
    for (const listener of this.errors) listener(toWatchError(error, this.options.directory));
  }
  close(): Promise<void> {
    this.closed = true;
    return Promise.resolve();
  }
}

const enospc = (): Error => Object.assign(new Error('ENOSPC: System limit for number of file watchers reached'), { code: 'ENOSPC' });

function fakeFactory(readyFor: (directory: string) => boolean): { factory: FileWatcherFactory; watchers: Map<string, FakeWatcher> } {
  const watchers = new Map<string, FakeWatcher>();
  const factory: FileWatcherFactory = (paths, options) => {
    // A watch that fails during its scan never reports ready: `watchTargets` must not hang on it.
    const ready = readyFor(options.directory) ? Promise.resolve() : new Promise<void>(() => undefined);
    const watcher = new FakeWatcher(paths, options, ready);
    watchers.set(options.directory, watcher);
    return watcher;
  };
  return { factory, watchers };
}

function recordingLogger(): Logger & { errors: string[] } {
  const errors: string[] = [];
  const none = (): void => undefined;
  return { errors, debug: none, info: none, warn: none, error: (_fields, message) => errors.push(message ?? '') };
}

let handle: TargetWatchers | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await handle?.close();
  handle = undefined;
});

describe('watchTargets on ENOSPC', () => {
  it('degrades only the target that hit the limit, logs the fix and keeps the others live', async () => {
    vi.useFakeTimers();
    const { factory, watchers } = fakeFactory(() => true);
    const changes: string[] = [];
    const degradedCalls: [string, WatchLimitError][] = [];
    const logger = recordingLogger();
    handle = await watchTargets(
      [
        { name: 'guide', directory: '/srv/guide', source: 'worktree' },
        { name: 'api', directory: '/srv/api', source: 'worktree' },
      ],
      (name) => void changes.push(name),
      { debounceMs: 100, logger, createWatcher: factory, onDegraded: (name, error) => degradedCalls.push([name, error]) },
    );
    const guide = watchers.get('/srv/guide')!;
    const api = watchers.get('/srv/api')!;
    expect(handle.degraded).toEqual([]);

    guide.emitChange('/srv/guide/a.md');
    guide.emitError(enospc());
    guide.emitError(enospc()); // reported once
    api.emitChange('/srv/api/b.md');
    await vi.advanceTimersByTimeAsync(200);

    expect(handle.degraded).toEqual(['guide']);
    expect(degradedCalls.map(([name]) => name)).toEqual(['guide']);
    expect(degradedCalls[0]?.[1]).toBeInstanceOf(WatchLimitError);
    expect(guide.closed).toBe(true);
    expect(api.closed).toBe(false);
    expect(logger.errors).toHaveLength(1);
    expect(logger.errors[0]).toContain('/srv/guide');
    expect(logger.errors[0]).toContain('sysctl fs.inotify.max_user_watches=524288');
    // The pending change of the degraded target is dropped; the reconcile loop owns it now.
    expect(changes).toEqual(['api']);
  });

  it('returns when a watch fails before it is ready, listing the target as degraded', async () => {
    const { factory, watchers } = fakeFactory((directory) => directory !== '/srv/big');
    const pending = watchTargets(
      [
        { name: 'big', directory: '/srv/big', source: 'worktree' },
        { name: 'small', directory: '/srv/small', source: 'worktree' },
      ],
      () => undefined,
      { createWatcher: factory },
    );
    await Promise.resolve();
    watchers.get('/srv/big')!.emitError(enospc());
    handle = await pending;
    expect(handle.degraded).toEqual(['big']);
  });

  it('logs other watch errors without degrading', async () => {
    const { factory, watchers } = fakeFactory(() => true);
    const warnings: string[] = [];
    const logger: Logger = { ...recordingLogger(), warn: (_fields, message) => warnings.push(message ?? '') };
    handle = await watchTargets([{ name: 'guide', directory: '/srv/guide', source: 'worktree' }], () => undefined, {
      createWatcher: factory,
      logger,
    });
    watchers.get('/srv/guide')!.emitError(Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' }));
    expect(handle.degraded).toEqual([]);
    expect(warnings).toEqual(['Watching /srv/guide failed: EACCES: permission denied']);
  });
});
