import type { SpaceTarget } from '../../config/config-schema.js';
import { GitRepository } from '../../content/git/git-repository.js';
import { GitRefUnknownError } from './git-ref-unknown-error.js';

/** What the platform is asked to import: a commit, the remote ref that must hold it, and the docs folder in the repository. */
export interface GitImportSource {
  /** Full sha of the commit docsync syncs. */
  readonly commit: string;
  /** Full ref on the remote, `refs/heads/main`. */
  readonly ref: string;
  /** The target's folder below the repository's top level, `/`-separated; '' at the top. */
  readonly projectDirectory: string;
  /** The work tree's top level, where a push runs from. */
  readonly repository: GitRepository;
}

/**
 * The commit a `delivery: git` target syncs and the ref it is imported from: `source`'s commit (for
 * `worktree` and `HEAD`, the commit checked out: the platform can only import what is committed),
 * and `git.ref`, else the branch `source` names, else the branch checked out.
 */
export async function gitImportSource(target: Pick<SpaceTarget, 'name' | 'directory' | 'source' | 'git'>, signal?: AbortSignal): Promise<GitImportSource> {
  const repository = await GitRepository.open(target.directory, { signal });
  const checkedOut = target.source === 'worktree' || target.source === 'HEAD';
  const commit = await repository.resolveCommit(checkedOut ? 'HEAD' : target.source);
  const ref = target.git?.ref ?? (checkedOut ? branchRef(await repository.currentBranch()) : sourceRef(target.source));
  if (ref === undefined) throw new GitRefUnknownError(target.name);
  return { commit, ref, projectDirectory: repository.prefix, repository };
}

function branchRef(branch: string | undefined): string | undefined {
  return branch === undefined ? undefined : `refs/heads/${branch}`;
}

/** A branch or tag `source` names as a full ref; a commit sha names none. */
function sourceRef(source: string): string | undefined {
  if (/^refs\/(heads|tags)\//.test(source)) return source;
  if (/^[0-9a-f]{7,64}$/i.test(source)) return undefined;
  return `refs/heads/${source}`;
}
