import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { GitAbortedError } from '../../../src/content/errors/git-aborted-error.js';
import { GitRepository } from '../../../src/content/git/git-repository.js';
import { runGit } from '../../../src/content/git/run-git.js';
import { git, removeTempDirs, tempTree } from '../../support/temp-tree.js';

/** The local git commands docsync runs: what they print, how they fail, and the environment they run in. */
afterAll(removeTempDirs);

/** A repository of one commit: `docs/README.md` and `other/a.md`. */
async function aRepository(text: string): Promise<{ repo: string; head: string }> {
  const repo = await tempTree({ 'docs/README.md': text, 'other/a.md': 'a\n' });
  git(repo, 'init', '-q');
  git(repo, 'add', '-A');
  git(repo, 'commit', '-q', '-m', 'First');
  return { repo, head: git(repo, 'rev-parse', 'HEAD').trim() };
}

const ambient = process.env.GIT_DIR;
afterEach(() => {
  if (ambient === undefined) delete process.env.GIT_DIR;
  else process.env.GIT_DIR = ambient;
});

describe('runGit', () => {
  it('gives what git printed (nothing, text or bytes), and rejects with git’s own message when it fails', async () => {
    const { repo, head } = await aRepository('# Docs\n');
    git(repo, 'commit', '-q', '--allow-empty', '-m', 'Elsewhere');
    // A commit that changed nothing under docs/: git prints nothing.
    expect(await runGit(repo, ['diff-tree', '-r', '-z', `${head}:docs`, 'HEAD:docs'])).toBe('');
    expect((await runGit(repo, ['rev-parse', 'HEAD~1'])).trim()).toBe(head);
    const blob = git(repo, 'rev-parse', `${head}:docs/README.md`).trim();
    expect(await runGit(repo, ['cat-file', 'blob', blob], { binary: true })).toEqual(Buffer.from('# Docs\n'));

    const failed = await runGit(repo, ['rev-parse', '--verify', 'no-such-ref^{commit}']).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(Error);
    expect((failed as Error).message).toMatch(/^fatal: /);
    expect((failed as Error).cause).toBeInstanceOf(Error);
  });

  it('runs in the repository it is given, whatever GIT_DIR this process inherited (a git hook’s)', async () => {
    const ours = await aRepository('# Ours\n');
    const theirs = await aRepository('# Theirs\n');
    const blob = git(ours.repo, 'rev-parse', 'HEAD:docs/README.md').trim();
    process.env.GIT_DIR = path.join(theirs.repo, '.git');

    expect((await runGit(ours.repo, ['rev-parse', 'HEAD'])).trim()).toBe(ours.head);
    const repository = await GitRepository.open(path.join(ours.repo, 'docs'));
    expect(repository.prefix).toBe('docs');
    expect(await repository.resolveCommit('HEAD')).toBe(ours.head);
    // The kept `cat-file --batch` process too.
    const read: string[] = [];
    for await (const { bytes } of repository.readBlobs([blob])) read.push(Buffer.from(bytes).toString());
    expect(read).toEqual(['# Ours\n']);
  });

  it('kills git when the signal fires: the repository names the abort', async () => {
    const { repo } = await aRepository('# Docs\n');
    const controller = new AbortController();
    const repository = await GitRepository.open(repo, { signal: controller.signal });
    controller.abort(new Error('shutting down'));
    await expect(repository.resolveCommit('HEAD')).rejects.toBeInstanceOf(GitAbortedError);
  });
});
