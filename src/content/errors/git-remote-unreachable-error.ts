import { GitPushRejectedError } from './git-push-rejected-error.js';

/**
 * The platform-edits branch could not be read from its remote (unreachable, unknown host, no
 * access): platform edits cannot be kept, so the target stops before overwriting them, with the
 * exit code of a refused push. `reason` is git's own fatal line.
 */
export class GitRemoteUnreachableError extends GitPushRejectedError {
  override readonly code = 'E_CONTENT_GIT_REMOTE';

  constructor(remote: string, branch: string, reason: string, cause?: unknown) {
    super(
      remote,
      branch,
      reason,
      cause,
      `the remote ${remote} could not be reached to read the platform-edits branch ${branch} (${reason}); ` +
        `check that it is reachable (git ls-remote ${remote}) with the credentials docsync runs with, or name another one with platformEditsRemote. Nothing was overwritten.`,
    );
    this.name = 'GitRemoteUnreachableError';
  }
}
