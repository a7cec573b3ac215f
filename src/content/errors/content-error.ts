/**
 * Base of every error `src/content` throws. `code` is stable (`E_CONTENT_*`) so a CLI can map it to an
 * exit code; `message` names the file or directory and what to check.
 */
export class ContentError extends Error {
  /** Stable machine-readable kind. */
  readonly code: string = 'E_CONTENT';

  constructor(message: string, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'ContentError';
  }
}
