import { GitPushRejectedError } from '../../content/errors/git-push-rejected-error.js';

/**
 * The platform's versions of pages could not be pushed to their branch (not a fast-forward, no
 * permission, the remote unreachable): the sync of that target stopped before overwriting anything.
 */
export class PlatformEditsPushError extends GitPushRejectedError {
  override readonly code = 'E_PLATFORM_EDITS_PUSH';

  constructor(
    readonly target: string,
    rejected: GitPushRejectedError,
  ) {
    super(
      rejected.remote,
      rejected.branch,
      rejected.reason,
      rejected,
      `The sync of ${target} stopped before overwriting pages edited in the platform: pushing their versions to the branch ${rejected.branch} on ${rejected.remote} failed: ${rejected.reason}\n` +
        `Nothing was overwritten. Check that this runner may push to ${rejected.remote}; if the branch moved on (someone pushed to it), merge or delete it and sync again.`,
    );
    this.name = 'PlatformEditsPushError';
  }
}
