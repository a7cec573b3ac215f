import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { GitRepository } from '../../content/git/git-repository.js';

/**
 * Clones of the git sources of migrations, one per repository URL under `directory`, reused across
 * runs: a repository seen before is fetched, not cloned again. Within one process each repository is
 * cloned or fetched once, however many items read from it. A clone is made in a temporary folder and
 * renamed into place, so a crash never leaves half a clone where the next run would trust it.
 */
export class GitCache {
  readonly #opened = new Map<string, Promise<GitRepository>>();

  constructor(readonly directory: string) {}

  /** The folder a repository's clone lives in. */
  folderOf(url: string): string {
    const name =
      url
        .replace(/[?#].*$/, '')
        .replace(/\.git\/?$/, '')
        .split(/[/:\\]/)
        .filter(Boolean)
        .pop() ?? 'repo';
    const safe = name.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 40);
    return path.join(this.directory, `${safe}-${createHash('sha256').update(url).digest('hex').slice(0, 12)}`);
  }

  /** The clone of `url`, up to date. Throws `GitError` when it cannot be cloned or fetched. */
  open(url: string): Promise<GitRepository> {
    let opened = this.#opened.get(url);
    if (opened === undefined) {
      opened = this.#open(url);
      this.#opened.set(url, opened);
      // A failure is not cached: the next item may find the repository reachable again.
      opened.catch(() => this.#opened.delete(url));
    }
    return opened;
  }

  async #open(url: string): Promise<GitRepository> {
    const folder = this.folderOf(url);
    if (existsSync(path.join(folder, '.git'))) {
      const repository = await GitRepository.open(folder);
      await repository.fetch();
      return repository;
    }
    await mkdir(this.directory, { recursive: true });
    const temporary = `${folder}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
    try {
      await GitRepository.clone(url, temporary);
      try {
        await rename(temporary, folder);
      } catch (error) {
        // Another process cloned it first: use theirs.
        if (!existsSync(path.join(folder, '.git'))) throw error;
      }
    } finally {
      await rm(temporary, { recursive: true, force: true });
    }
    return GitRepository.open(folder);
  }
}
