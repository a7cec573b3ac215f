import { GitError } from './git-error.js';

/** The directory is not inside a git work tree. */
export class NotAGitRepositoryError extends GitError {
  override readonly code = 'E_CONTENT_NOT_GIT';
  readonly directory: string;

  constructor(directory: string, cause?: unknown) {
    super(`${directory} is not inside a git work tree: check the path, or read it as a plain folder instead.`, cause);
    this.name = 'NotAGitRepositoryError';
    this.directory = directory;
  }
}
