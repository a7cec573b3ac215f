import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, type Socket } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GitAbortedError } from '../../../src/content/errors/git-aborted-error.js';
import { GitRefSource } from '../../../src/content/git/git-ref-source.js';
import { GitRepository } from '../../../src/content/git/git-repository.js';
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

/** This process's child processes whose command line contains `needle`. */
function children(needle: string): string[] {
  try {
    return execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(process.pid)], { encoding: 'utf8' })
      .split('\n')
      .filter((line) => line.includes(needle));
  } catch {
    return []; // ps exits 1 when there are no children at all
  }
}

/** Polls until `predicate` holds; a generous bound for a loaded machine. */
async function waitFor(predicate: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

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

  it('kills the cat-file --batch process of an aborted bulk read and rejects with GitAbortedError', async () => {
    const big = await makeTempDir('docsync-git-abort-big-');
    git(big, 'init', '-q');
    // Big enough that git blocks on a full pipe while the reader holds back: it is alive when aborted.
    await writeTree(big, Object.fromEntries(Array.from({ length: 16 }, (_, i) => [`blob-${i}.bin`, randomBytes(1 << 20)])));
    git(big, 'add', '-A');
    git(big, 'commit', '-q', '-m', 'blobs');
    const oids = git(big, 'ls-tree', 'HEAD')
      .trim()
      .split('\n')
      .map((line) => line.split(/\s+/)[2] ?? '');
    const controller = new AbortController();
    const repository = await GitRepository.open(big, { signal: controller.signal });
    const blobs = repository.readBlobs(oids)[Symbol.asyncIterator]();
    expect((await blobs.next()).done).toBe(false);
    await waitFor(() => children('cat-file --batch').length > 0, 'the cat-file process');

    controller.abort('shutting down');
    const error: unknown = await blobs.next().then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(GitAbortedError);
    expect((error as GitAbortedError).cause).toBe('shutting down');
    await waitFor(() => children('cat-file --batch').length === 0, 'the cat-file process to end');
  });

  it('kills an aborted clone that hangs on its remote and rejects with GitAbortedError, without the credentials', async () => {
    const sockets: Socket[] = [];
    const server = createServer((socket) => sockets.push(socket)); // accepts, never answers
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    const controller = new AbortController();
    try {
      const cloning = GitRepository.clone(`http://user:s3cret@127.0.0.1:${port}/docs.git`, path.join(await makeTempDir(), 'clone'), {
        signal: controller.signal,
      });
      const settled = cloning.then(
        () => undefined,
        (thrown: unknown) => thrown,
      );
      await waitFor(() => sockets.length > 0, 'git to reach the remote');
      controller.abort('shutting down');
      const error = await settled;
      expect(error).toBeInstanceOf(GitAbortedError);
      expect((error as Error).message).not.toContain('s3cret');
      await waitFor(() => children('git clone').length === 0, 'the git clone process to end');
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
