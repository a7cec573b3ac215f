import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { GitRefNotFoundError } from '../../../src/content/errors/git-ref-not-found-error.js';
import { NotAGitRepositoryError } from '../../../src/content/errors/not-a-git-repository-error.js';
import { GitRepository } from '../../../src/content/git/git-repository.js';
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

describe('GitRepository.openAt', () => {
  it('finds the top level, the prefix, the commit and the folder in one git process, and names what is missing otherwise', async () => {
    const repo = await tempTree({ 'docs/README.md': '# Docs\n', 'other/a.md': 'a\n' });
    git(repo, 'init', '-q');
    git(repo, 'add', 'docs');
    git(repo, 'commit', '-q', '-m', 'First');
    const head = git(repo, 'rev-parse', 'HEAD').trim();

    const before = (await gitCalls()).length;
    const opened = await GitRepository.openAt(path.join(repo, 'docs'), 'HEAD');
    expect((await gitCalls()).length - before).toBe(1);
    expect(opened).toMatchObject({ commit: head, folder: true });
    expect(opened.repository.directory).toBe(await realpath(repo));
    expect(opened.repository.prefix).toBe('docs');
    expect(await GitRepository.openAt(repo, head)).toMatchObject({ commit: head, folder: true });

    // A folder the commit lacks, and a ref that names nothing: the steps one by one tell them apart.
    expect(await GitRepository.openAt(path.join(repo, 'other'), 'HEAD')).toMatchObject({ commit: head, folder: false });
    await expect(GitRepository.openAt(path.join(repo, 'docs'), 'no-such-branch')).rejects.toBeInstanceOf(GitRefNotFoundError);
    await expect(GitRepository.openAt(path.join(repo, 'docs'), '--output=x')).rejects.toBeInstanceOf(GitRefNotFoundError);
    const plain = await tempTree({ 'docs/README.md': '# Docs\n' });
    await expect(GitRepository.openAt(path.join(plain, 'docs'), 'HEAD')).rejects.toBeInstanceOf(NotAGitRepositoryError);
  });
});

describe('GitRepository.headCommit', () => {
  it('gives what git show gives for the subject and author, read through the kept cat-file process', async () => {
    const repo = await tempTree({ 'docs/README.md': '# Docs\n' });
    git(repo, 'init', '-q');
    const messages = [
      'One line',
      'Title over\ntwo lines  \n\nBody after a blank line',
      '\n\n  Leading blank lines and an indented title\t\n\nbody',
      'Ünïcödé — subject 页面',
      'Trailing spaces on the only line   ',
    ];
    const repository = await GitRepository.open(repo);
    for (const [index, message] of messages.entries()) {
      git(repo, 'commit', '-q', '--allow-empty', '--cleanup=verbatim', '-m', message, `--author=Writer ${index} <w${index}@example.com>`);
      const [oid = '', subject = '', name = '', email = ''] = git(repo, 'show', '-s', '--format=%H%x00%s%x00%an%x00%ae', 'HEAD').replace(/\n$/, '').split('\0');
      const before = (await gitCalls()).filter((call) => call.startsWith('show')).length;
      expect(await repository.headCommit(oid)).toEqual({ oid, subject, author: { name, email } });
      expect((await gitCalls()).filter((call) => call.startsWith('show')).length).toBe(before);
    }
  });
});
