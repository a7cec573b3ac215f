import { ContentError } from './content-error.js';

/** The directory a worktree source should read does not exist or is not a directory. */
export class SourceNotFoundError extends ContentError {
  override readonly code = 'E_CONTENT_SOURCE';
  readonly directory: string;

  constructor(directory: string, cause?: unknown) {
    super(`Cannot read docs from ${directory}: it does not exist or is not a directory. Check the path.`, cause);
    this.name = 'SourceNotFoundError';
    this.directory = directory;
  }
}
