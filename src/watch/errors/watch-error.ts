/**
 * Base of every error `src/watch` reports. `code` is stable (`E_WATCH*`) so a CLI can map it; the
 * message names the watched directory.
 */
export class WatchError extends Error {
  /** Stable machine-readable kind. */
  readonly code: string = 'E_WATCH';
  /** The directory (or file) whose watch failed. */
  readonly directory: string;

  constructor(directory: string, message: string, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'WatchError';
    this.directory = directory;
  }
}
