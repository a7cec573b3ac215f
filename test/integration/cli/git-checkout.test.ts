import { afterAll, describe, expect, it } from 'vitest';
import { previewBranchOf, readGitCheckout } from '../../../src/cli/git-checkout.js';
import { git, makeTempDir, removeTempDirs, writeTree } from '../../support/temp-tree.js';

afterAll(removeTempDirs);

async function repo(branch: string): Promise<string> {
  const dir = await makeTempDir('docsync-checkout-');
  await writeTree(dir, { 'docs/README.md': '# Home\n' });
  git(dir, 'init', '-q', '-b', branch);
  git(dir, 'add', '.');
  git(dir, '-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-qm', 'docs');
  return dir;
}

describe('the preview branch of a local run', () => {
  it('is the checked-out branch when it is not the default one', async () => {
    const dir = await repo('main');
    expect(previewBranchOf(await readGitCheckout(`${dir}/docs`))).toBeUndefined();
    git(dir, 'checkout', '-q', '-b', 'fix/typos');
    const checkout = await readGitCheckout(`${dir}/docs`);
    expect(checkout).toMatchObject({ branch: 'fix/typos', defaultBranch: 'main' });
    expect(previewBranchOf(checkout)).toBe('fix/typos');
  });

  it('follows origin/HEAD for the default branch, and is none on a detached HEAD', async () => {
    const dir = await repo('trunk');
    // Without origin/HEAD, main or master: the default branch cannot be told, so no preview.
    expect(previewBranchOf(await readGitCheckout(dir))).toBeUndefined();
    git(dir, 'update-ref', 'refs/remotes/origin/trunk', 'HEAD');
    git(dir, 'symbolic-ref', 'refs/remotes/origin/HEAD', 'refs/remotes/origin/trunk');
    git(dir, 'checkout', '-q', '-b', 'feature');
    expect(previewBranchOf(await readGitCheckout(dir))).toBe('feature');
    git(dir, 'checkout', '-q', '--detach');
    expect(previewBranchOf(await readGitCheckout(dir))).toBeUndefined();
  });

  it('is none outside a git repository', async () => {
    expect(await readGitCheckout(await makeTempDir('docsync-no-git-'))).toBeUndefined();
  });
});
