import path from 'node:path';
import { GitRefNotFoundError } from '../content/errors/git-ref-not-found-error.js';
import { NotAGitRepositoryError } from '../content/errors/not-a-git-repository-error.js';
import { GitRepository } from '../content/git/git-repository.js';

/**
 * Where a ref-mode target's git state lives, and what its ref names now. Commits are resolved by
 * `GitRepository` (src/content), the one way docsync runs git.
 */
export class RefResolver {
  private constructor(
    /** The ref as configured (`HEAD`, `main`, a tag). */
    readonly ref: string,
    /** This work tree's git directory: holds its `HEAD` (`.git/worktrees/<name>` in a linked worktree). */
    readonly gitDir: string,
    /** The git directory shared by all worktrees: holds `refs/` and `packed-refs`. */
    readonly commonDir: string,
    private readonly repository: GitRepository,
  ) {}

  /**
   * Finds the git directories of the repository containing `directory`. Works where `.git` is a file
   * (linked worktrees, submodules), as git itself resolves it. Throws `NotAGitRepositoryError`.
   */
  static async open(directory: string, ref: string): Promise<RefResolver> {
    const absolute = path.resolve(directory);
    const repository = await GitRepository.open(absolute);
    try {
      const { gitDir, commonDir } = await repository.gitDirs();
      return new RefResolver(ref, gitDir, commonDir, repository);
    } catch (error) {
      throw new NotAGitRepositoryError(absolute, error);
    }
  }

  /** The folders to watch (with `gitRefsIgnored` keeping only `HEAD` and the refs). */
  get watchPaths(): string[] {
    return this.gitDir === this.commonDir ? [this.gitDir] : [this.gitDir, this.commonDir];
  }

  /** The commit `ref` names now, or undefined while it names none (unborn branch, deleted tag). */
  async resolve(): Promise<string | undefined> {
    try {
      return await this.repository.resolveCommit(this.ref);
    } catch (error) {
      if (error instanceof GitRefNotFoundError) return undefined;
      throw error;
    }
  }
}
