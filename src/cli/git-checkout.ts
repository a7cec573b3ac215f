import { execFile } from 'node:child_process';

/** What the sync command needs to know of the git checkout it runs in. */
export interface GitCheckout {
  /** The repository's top folder. */
  readonly root: string;
  /** The checked-out branch; undefined on a detached HEAD. */
  readonly branch: string | undefined;
  /** The branch `origin/HEAD` names, else `main` or `master` when the repository has one. */
  readonly defaultBranch: string | undefined;
}

function git(dir: string, args: readonly string[]): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile('git', ['-C', dir, ...args], { timeout: 10_000 }, (error, stdout) => resolve(error ? undefined : stdout.trim()));
  });
}

/** The checkout `dir` is in; undefined outside a git repository (or without git). */
export async function readGitCheckout(dir: string): Promise<GitCheckout | undefined> {
  const root = await git(dir, ['rev-parse', '--show-toplevel']);
  if (root === undefined || root === '') return undefined;
  const head = await git(dir, ['symbolic-ref', '--quiet', '--short', 'HEAD']);
  const remoteHead = await git(dir, ['symbolic-ref', '--quiet', '--short', 'refs/remotes/origin/HEAD']);
  let defaultBranch = remoteHead?.replace(/^origin\//, '') || undefined;
  if (defaultBranch === undefined) {
    for (const name of ['main', 'master']) {
      if ((await git(dir, ['rev-parse', '--verify', '--quiet', `refs/heads/${name}`])) !== undefined) {
        defaultBranch = name;
        break;
      }
    }
  }
  return { root, branch: head || undefined, defaultBranch };
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
