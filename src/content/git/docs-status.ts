import { GitRepository } from './git-repository.js';
import { GitAbortedError } from '../errors/git-aborted-error.js';

/** What git says may differ in a worktree's docs folder from the commit checked out. */
export interface DocsStatus {
  readonly repository: GitRepository;
  /** The commit checked out; undefined before the first commit. */
  readonly head: string | undefined;
  /** Files and folders (from the docs folder) that may hold other bytes than that commit. */
  readonly paths: readonly string[];
  /** When git was asked (ms since the epoch): a file changed later may not be in `paths`. */
  readonly startedAt: number;
}

/**
 * The git status of the docs folder `directory` of a worktree, so that a read stats only what git
 * says may have changed; undefined outside a git work tree or when git cannot tell.
 */
export async function docsStatus(directory: string, signal?: AbortSignal): Promise<DocsStatus | undefined> {
  const startedAt = Date.now();
  // Two git processes side by side: the status names paths from the top, the other says where that is.
  const opening = GitRepository.open(directory, { signal });
  const statusing = GitRepository.worktreeStatusIn(directory, signal);
  statusing.catch(() => undefined);
  let repository: GitRepository;
  try {
    repository = await opening;
  } catch (error) {
    if (error instanceof GitAbortedError) throw error;
    return undefined;
  }
  const status = await statusing;
  if (status === undefined) return undefined;
  const prefix = repository.prefix === '' ? '' : `${repository.prefix}/`;
  const paths = status.paths.flatMap((path) => (path.startsWith(prefix) ? [path.slice(prefix.length)] : []));
  return { repository, head: status.head, paths, startedAt };
}
