import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { GitPushRejectedError } from '../../../src/content/errors/git-push-rejected-error.js';
import { GitRepository } from '../../../src/content/git/git-repository.js';
import { git, makeTempDir, removeTempDirs, writeTree } from '../../support/temp-tree.js';

afterAll(removeTempDirs);

const signature = { name: 'docsync', email: 'docsync@example.com', date: new Date('2026-01-02T03:04:05Z') };
const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

/** A repository with one commit on `main` and a bare remote `origin` that has it. */
async function repoWithRemote(): Promise<{ dir: string; remote: string; head: string }> {
  const remote = await makeTempDir('docsync-remote-');
  git(remote, 'init', '--bare', '--quiet');
  const dir = await makeTempDir('docsync-repo-');
  git(dir, 'init', '--quiet');
  await writeTree(dir, { 'docs/a.md': '# A\n', 'docs/b.md': '# B\n' });
  git(dir, 'add', '.');
  git(dir, 'commit', '--quiet', '-m', 'docs');
  git(dir, 'remote', 'add', 'origin', remote);
  git(dir, 'push', '--quiet', 'origin', 'main');
  return { dir, remote, head: git(dir, 'rev-parse', 'HEAD').trim() };
}

describe('GitRepository: commits and pushes beside the work tree', () => {
  it('commits files onto a parent without touching the work tree or the index, the same commit each time', async () => {
    const { dir, head } = await repoWithRemote();
    await writeTree(dir, { 'docs/a.md': '# A, edited and not staged\n' });
    git(dir, 'add', 'docs/a.md');
    const statusBefore = git(dir, 'status', '--porcelain');
    const repo = await GitRepository.open(dir);
    const changes = [
      { path: 'docs/b.md', bytes: bytes('# B from the platform\n') },
      { path: 'docs/new.md', bytes: bytes('# New\n') },
      { path: 'docs/a.md', bytes: null },
    ];
    const commit = await repo.commitFiles(head, changes, 'Platform edits', signature);
    expect(commit).toMatch(/^[0-9a-f]{40}$/);
    expect(await repo.commitFiles(head, changes, 'Platform edits', signature)).toBe(commit);
    expect(git(dir, 'ls-tree', '-r', '--name-only', commit!).trim().split('\n')).toEqual(['docs/b.md', 'docs/new.md']);
    expect(git(dir, 'show', `${commit!}:docs/b.md`)).toBe('# B from the platform\n');
    expect(git(dir, 'log', '-1', '--format=%an <%ae> %aI|%s', commit!).trim()).toBe('docsync <docsync@example.com> 2026-01-02T03:04:05+00:00|Platform edits');
    expect(git(dir, 'status', '--porcelain')).toBe(statusBefore);
    expect(await readFile(path.join(dir, 'docs/a.md'), 'utf8')).toBe('# A, edited and not staged\n');
    expect(git(dir, 'rev-parse', 'HEAD').trim()).toBe(head);
  });

  it('makes no commit when the changes leave the tree as it is', async () => {
    const { dir, head } = await repoWithRemote();
    const repo = await GitRepository.open(dir);
    expect(await repo.commitFiles(head, [{ path: 'docs/a.md', bytes: bytes('# A\n') }], 'nothing', signature)).toBeUndefined();
  });

  it("pushes to a branch, fetches it back, and reports a rejected push with git's reason", async () => {
    const { dir, remote, head } = await repoWithRemote();
    const repo = await GitRepository.open(dir);
    expect(await repo.hasRemote('origin')).toBe(true);
    expect(await repo.hasRemote('upstream')).toBe(false);
    expect(await repo.fetchBranch('origin', 'edits', 'refs/docsync/edits')).toBeUndefined();
    const first = (await repo.commitFiles(head, [{ path: 'docs/a.md', bytes: bytes('# A1\n') }], 'one', signature))!;
    await repo.push('origin', first, 'edits');
    expect(git(remote, 'rev-parse', 'refs/heads/edits').trim()).toBe(first);
    expect(await repo.fetchBranch('origin', 'edits', 'refs/docsync/edits')).toBe(first);
    expect(await repo.isAncestor(head, first)).toBe(true);
    expect(await repo.isAncestor(first, first)).toBe(true);
    expect(await repo.isAncestor(first, head)).toBe(false);

    // Another commit on the same parent is not a fast-forward of the branch.
    const other = (await repo.commitFiles(head, [{ path: 'docs/a.md', bytes: bytes('# A2\n') }], 'two', signature))!;
    const rejected = await repo.push('origin', other, 'edits').catch((error: unknown) => error);
    expect(rejected).toBeInstanceOf(GitPushRejectedError);
    expect((rejected as GitPushRejectedError).reason).toMatch(/rejected|non-fast-forward|fetch first/);
    expect(git(remote, 'rev-parse', 'refs/heads/edits').trim()).toBe(first);
  });

  it('merges three texts: clean when the changes are apart, with labelled markers when they overlap', async () => {
    const { dir } = await repoWithRemote();
    const repo = await GitRepository.open(dir);
    const labels = { ours: 'git', base: 'base', theirs: 'platform' };
    const base = '# Page\n\none\n\ntwo\n\nthree\n';
    const clean = await repo.mergeFile({ ours: base.replace('one', 'ONE'), base, theirs: base.replace('three', 'THREE') }, labels);
    expect(clean).toEqual({ text: '# Page\n\nONE\n\ntwo\n\nTHREE\n', conflicts: 0 });
    const clash = await repo.mergeFile({ ours: base.replace('two', 'git two'), base, theirs: base.replace('two', 'platform two') }, labels);
    expect(clash.conflicts).toBe(1);
    expect(clash.text).toContain('<<<<<<< git\ngit two\n=======\nplatform two\n>>>>>>> platform\n');
  });
});
