import { GitError } from './git-error.js';

/** `git push` was refused (not a fast-forward, no permission, remote unreachable); `reason` is git's own message. */
export class GitPushRejectedError extends GitError {
  override readonly code: string = 'E_CONTENT_GIT_PUSH';

  constructor(
    readonly remote: string,
    readonly branch: string,
    readonly reason: string,
    cause?: unknown,
    /** What happened and what to do, when the caller knows better than "rejected". */
    message = `git push to ${branch} on ${remote} was rejected: ${reason}`,
  ) {
    super(message, cause);
    this.name = 'GitPushRejectedError';
  }
}
