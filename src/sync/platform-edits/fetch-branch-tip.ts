import type { GitRepository } from '../../content/git/git-repository.js';
import { GitError } from '../../content/errors/git-error.js';
import { GitPushRejectedError } from '../../content/errors/git-push-rejected-error.js';
import { GitRemoteUnreachableError } from '../../content/errors/git-remote-unreachable-error.js';
import type { SpaceTarget } from '../../config/config-schema.js';
import { platformEditsBranch } from './platform-edits-branch.js';
import { PlatformEditsPushError } from './platform-edits-push-error.js';

/**
 * The platform-edits branch's tip on its remote, fetched so new commits go on top of it; undefined
 * when the remote has no such branch. A remote that cannot be reached stops the sync before anything
 * is overwritten, as a refused push does (exit 7): git's reading of the remote names it already
 * (`GitRemoteUnreachableError`); any other git failure is wrapped as a `PlatformEditsPushError`.
 */
export async function fetchBranchTip(
  repository: Pick<GitRepository, 'fetchBranch'>,
  target: Pick<SpaceTarget, 'name' | 'platformEditsBranch' | 'platformEditsRemote'>,
): Promise<string | undefined> {
  const branch = platformEditsBranch(target);
  try {
    return await repository.fetchBranch(target.platformEditsRemote, branch, `refs/docsync/platform-edits/${target.name}`);
  } catch (error) {
    if (error instanceof GitRemoteUnreachableError || !(error instanceof GitError)) throw error;
    const reason = error.message.replace(/^.*? failed in .*?: /s, '');
    throw new PlatformEditsPushError(
      target.name,
      new GitPushRejectedError(target.platformEditsRemote, branch, `the remote could not be read: ${reason}`, error),
    );
  }
}
