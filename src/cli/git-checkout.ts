import { GitRepository } from '../content/git-repository.js';

/** What the sync command needs to know of the git checkout it runs in. */
export interface GitCheckout {
  /** The repository's top folder. */
  readonly root: string;
  /** The checked-out branch; undefined on a detached HEAD. */
  readonly branch: string | undefined;
  /** The branch `origin/HEAD` names, else `main` or `master` when the repository has one. */
  readonly defaultBranch: string | undefined;
}

/** The checkout `dir` is in; undefined outside a git repository (or without git). */
export async function readGitCheckout(dir: string): Promise<GitCheckout | undefined> {
  let repository: GitRepository;
  try {
    repository = await GitRepository.open(dir);
  } catch {
    return undefined;
  }
  return { root: repository.directory, branch: await repository.currentBranch(), defaultBranch: await repository.defaultBranch() };
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
