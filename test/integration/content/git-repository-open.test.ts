import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { NotAGitRepositoryError } from '../../../src/content/errors/not-a-git-repository-error.js';
import { GitRepository } from '../../../src/content/git-repository.js';
import { logGitCalls } from '../../support/git-call-log.js';
import { git, makeTempDir, removeTempDirs, tempTree } from '../../support/temp-tree.js';

/**
 * Finding the repository of a folder: git's own search (a `.git` folder or file there or above), and
 * no git process at all where there is none (a daemon asks on every sync). Every git
 * process docsync starts goes through a `git` on PATH that logs its arguments, then runs the real one.
 */
afterAll(removeTempDirs);

const gitCalls = logGitCalls();

describe('GitRepository.open', () => {
  it('refuses a folder outside any repository without starting git', async () => {
    const plain = await tempTree({ 'docs/README.md': '# Docs\n' });
    const error = await GitRepository.open(path.join(plain, 'docs')).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NotAGitRepositoryError);
    expect(await gitCalls()).toEqual([]);
  });

  it('finds the repository from a subfolder and from a linked worktree, whose .git is a file', async () => {
    const repo = await tempTree({ 'docs/README.md': '# Docs\n' });
    git(repo, 'init', '-q');
    git(repo, 'add', '-A');
    git(repo, 'commit', '-q', '-m', 'First');
    const head = git(repo, 'rev-parse', 'HEAD').trim();

    const before = (await gitCalls()).length;
    const fromDocs = await GitRepository.open(path.join(repo, 'docs'));
    // Top level and prefix come from one git process.
    expect((await gitCalls()).length - before).toBe(1);
    expect(fromDocs.directory).toBe(await realpath(repo));
    expect(fromDocs.prefix).toBe('docs');
    expect(await fromDocs.resolveCommit('HEAD')).toBe(head);

    const linked = path.join(await makeTempDir(), 'linked');
    git(repo, 'worktree', 'add', '-q', '-b', 'side', linked);
    const fromLinked = await GitRepository.open(path.join(linked, 'docs'));
    expect(fromLinked.directory).toBe(await realpath(linked));
    expect(await fromLinked.resolveCommit('HEAD')).toBe(head);
  });
});
