import { GitError } from './git-error.js';

/**
 * A git command stopped because its caller gave up (a job aborted, a shutdown past its grace): its
 * process was killed. `cause` is the signal's reason; running again finishes the work.
 */
export class GitAbortedError extends GitError {
  override readonly code: string = 'E_CONTENT_GIT_ABORTED';

  constructor(command: string, reason: unknown) {
    super(`git ${command} stopped: ${reason instanceof Error ? reason.message : typeof reason === 'string' ? reason : 'aborted'}`, reason);
    this.name = 'GitAbortedError';
  }
}
