import { ContentError } from '../../content/errors/content-error.js';
import { GitAbortedError } from '../../content/errors/git-aborted-error.js';
import { GitRepository } from '../../content/git/git-repository.js';
import type { SpaceTarget } from '../../config/config-schema.js';
import type { PreparedContent } from '../prepared-content.js';

/**
 * The commit a sync records on its change request, from which a runner without state rebuilds the
 * base: the content's commit, or for the working tree the checkout's `HEAD` (what a CI runner's clean
 * checkout holds). Undefined outside a git repository or before its first commit.
 */
export async function syncedCommit(
  target: Pick<SpaceTarget, 'directory'>,
  content: Pick<PreparedContent, 'commit' | 'checkedOut'>,
  signal?: AbortSignal,
): Promise<string | undefined> {
  if (content.commit !== undefined) return content.commit.oid;
  if (content.checkedOut !== undefined) return content.checkedOut;
  try {
    return await GitRepository.commitIn(target.directory, 'HEAD', { signal });
  } catch (error) {
    if (error instanceof ContentError && !(error instanceof GitAbortedError)) return undefined;
    throw error;
  }
}
