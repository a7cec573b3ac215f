import { ContentError } from './content-error.js';

/** A git command failed for a reason other than a bad directory or ref. */
export class GitError extends ContentError {
  override readonly code: string = 'E_CONTENT_GIT';

  constructor(message: string, cause?: unknown) {
    super(message, cause);
    this.name = 'GitError';
  }
}
