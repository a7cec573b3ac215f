import { GitRepository } from '../content/git/git-repository.js';

/** What the sync command needs to know of the git checkout it runs in. */
export interface GitCheckout {
  /** The repository's top folder. */
  readonly root: string;
  /** The checked-out branch; undefined on a detached HEAD. */
  readonly branch: string | undefined;
  /** The branch `origin/HEAD` names, else `main` or `master` when the repository has one. */
  readonly defaultBranch: string | undefined;
}

/** Local commands only; a git stuck on a lock or a hung file system must not hold the sync. */
const CHECKOUT_TIMEOUT_MS = 10_000;

/** The checkout `dir` is in; undefined outside a git repository, without git, or when git does not answer in 10 s. */
export async function readGitCheckout(dir: string): Promise<GitCheckout | undefined> {
  try {
    const repository = await GitRepository.open(dir, { signal: AbortSignal.timeout(CHECKOUT_TIMEOUT_MS) });
    return { root: repository.directory, branch: await repository.currentBranch(), defaultBranch: await repository.defaultBranch() };
  } catch {
    return undefined;
  }
}

/**
 * The preview branch a local run implies: the checked-out branch when it is not the default one. On
 * the default branch, a detached HEAD, or when the default branch cannot be told, none: the run is
 * the main-branch sync.
 */
export function previewBranchOf(checkout: GitCheckout | undefined): string | undefined {
  if (checkout?.branch === undefined || checkout.defaultBranch === undefined) return undefined;
  return checkout.branch === checkout.defaultBranch ? undefined : checkout.branch;
}
