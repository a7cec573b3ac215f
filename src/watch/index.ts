export * from './errors/index.js';
export { DebouncePerKey, type DebouncedBatch, type DebouncePerKeyOptions, type DebounceTimers, MAX_REASONS, systemTimers } from './debounce-per-key.js';
export {
  createFileWatcher,
  type FileEvent,
  type FileEventKind,
  FileWatcher,
  type FileWatcherFactory,
  type FileWatcherHandle,
  type FileWatcherOptions,
} from './file-watcher.js';
export { gitRefsIgnored, type IgnoredPredicate, isEditorTempFile, worktreeIgnored } from './ignored-paths.js';
export { RefResolver } from './ref-resolver.js';
export { type TargetChangeListener, type TargetWatchers, watchTargets, type WatchTarget, type WatchTargetsOptions, WORKTREE_SOURCE } from './target-watcher.js';
export { toWatchError } from './to-watch-error.js';
