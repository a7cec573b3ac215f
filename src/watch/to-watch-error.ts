import { WatchError } from './errors/watch-error.js';
import { WatchLimitError } from './errors/watch-limit-error.js';

/**
 * Turns whatever a watcher reported into a typed error: `ENOSPC` (inotify watches exhausted) becomes
 * a `WatchLimitError`, anything else a `WatchError` carrying the original as `cause`.
 */
export function toWatchError(error: unknown, directory: string): WatchError {
  if (error instanceof WatchError) return error;
  if (errorCode(error) === 'ENOSPC') return new WatchLimitError(directory, error);
  const detail = error instanceof Error ? error.message : String(error);
  return new WatchError(directory, `Watching ${directory} failed: ${detail}`, error);
}

function errorCode(error: unknown): unknown {
  return typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
}
