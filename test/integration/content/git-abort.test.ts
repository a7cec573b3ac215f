import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GitRefSource } from '../../../src/content/git-ref-source.js';
import { GitRepository } from '../../../src/content/git-repository.js';
import { readGitCheckout } from '../../../src/cli/git-checkout.js';
import { git, makeTempDir, removeTempDirs, writeTree } from '../../support/temp-tree.js';

let repo: string;
beforeAll(async () => {
  repo = await makeTempDir('docsync-git-abort-');
  git(repo, 'init', '-q', '-b', 'main');
  await writeTree(repo, Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`docs/page-${i}.md`, `# Page ${i}\n`])));
  git(repo, 'add', '-A');
  git(repo, 'commit', '-q', '-m', 'Pages');
});
afterAll(removeTempDirs);

describe('git under an abort signal (a job stopped at shutdown or after losing its lock)', () => {
  it('a bulk read in flight stops with the abort reason, and later git calls refuse at once', async () => {
    const controller = new AbortController();
    const source = await GitRefSource.open(`${repo}/docs`, 'HEAD', { signal: controller.signal });
    const entries = await source.list();
    const read = async (): Promise<number> => {
      let count = 0;
      for await (const _file of source.readMany(entries.map((entry) => entry.path))) {
        count += 1;
        if (count === 1) controller.abort(new Error('job aborted: shutting down'));
      }
      return count;
    };
    await expect(read()).rejects.toThrow('job aborted: shutting down');
    await expect(source.repository.resolveCommit('HEAD')).rejects.toThrow('job aborted: shutting down');
  });

  it('opening a repository with an aborted signal runs no git at all', async () => {
    const controller = new AbortController();
    controller.abort(new Error('already stopped'));
    await expect(GitRepository.open(repo, { signal: controller.signal })).rejects.toThrow('already stopped');
  });

  it('tells the checkout the CLI runs in through the same wrapper', async () => {
    await expect(readGitCheckout(`${repo}/docs`)).resolves.toEqual({ root: repo, branch: 'main', defaultBranch: 'main' });
    git(repo, 'checkout', '-q', '-b', 'docs-preview');
    await expect(readGitCheckout(repo)).resolves.toMatchObject({ branch: 'docs-preview', defaultBranch: 'main' });
    await expect(readGitCheckout(await makeTempDir('docsync-not-git-'))).resolves.toBeUndefined();
  });
});
