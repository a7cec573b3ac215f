import { GitError } from './git-error.js';

/** The ref does not name a commit in the repository. */
export class GitRefNotFoundError extends GitError {
  override readonly code = 'E_CONTENT_GIT_REF';
  readonly ref: string;

  constructor(directory: string, ref: string, cause?: unknown) {
    super(
      `"${ref}" is not a commit in the git repository at ${directory}: check the branch, tag or sha ` + '(fetch it first if it only exists on the remote).',
      cause,
    );
    this.name = 'GitRefNotFoundError';
    this.ref = ref;
  }
}
