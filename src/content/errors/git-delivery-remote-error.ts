import { GitError } from './git-error.js';

/** Why the platform cannot import the commit docsync syncs from the remote `git.url` names. */
export type GitDeliveryRemoteProblem = 'missing' | 'elsewhere' | 'unreachable' | 'push-rejected';

/**
 * `delivery: git`: the remote the platform imports from does not hold the synced commit at the ref
 * (the ref is missing or elsewhere, the remote could not be read, or the push docsync was told to make
 * was refused). Nothing was imported. `url` is already free of credentials, and so are `message` and
 * `cause`.
 */
export class GitDeliveryRemoteError extends GitError {
  override readonly code = 'E_GIT_DELIVERY_REMOTE';

  constructor(
    readonly problem: GitDeliveryRemoteProblem,
    readonly url: string,
    readonly ref: string,
    message: string,
    cause?: unknown,
  ) {
    super(message, cause);
    this.name = 'GitDeliveryRemoteError';
  }
}
