import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GitError } from '../../../src/content/errors/git-error.js';
import { GitRepository } from '../../../src/content/git/git-repository.js';
import { logGitCalls } from '../../support/git-call-log.js';
import { git, makeTempDir, removeTempDirs, writeTree } from '../../support/temp-tree.js';

/**
 * Blob reads share one `git cat-file --batch` process (a sync's content batches each read their
 * documents). Every git process goes through a `git` on PATH that logs its arguments.
 */
const PAGES = 30;
let repo: string;
const oids: string[] = [];
const texts = new Map<string, string>();

beforeAll(async () => {
  repo = await makeTempDir('docsync-blob-reader-');
  git(repo, 'init', '-q', '-b', 'main');
  await writeTree(repo, Object.fromEntries(Array.from({ length: PAGES }, (_, i) => [`docs/page-${i}.md`, `# Page ${i}\n\n${'text '.repeat(i * 50)}\n`])));
  git(repo, 'add', '-A');
  git(repo, 'commit', '-q', '-m', 'Pages');
  for (let i = 0; i < PAGES; i += 1) {
    const oid = git(repo, 'rev-parse', `HEAD:docs/page-${i}.md`).trim();
    oids.push(oid);
    texts.set(oid, `# Page ${i}\n\n${'text '.repeat(i * 50)}\n`);
  }
});
afterAll(removeTempDirs);

const gitCalls = logGitCalls();
const catFiles = async (): Promise<number> => (await gitCalls()).filter((line) => line.startsWith('cat-file --batch')).length;

async function readAll(repository: GitRepository, wanted: readonly string[]): Promise<string[]> {
  const out: string[] = [];
  for await (const { oid, bytes } of repository.readBlobs(wanted)) {
    expect(new TextDecoder().decode(bytes)).toBe(texts.get(oid));
    out.push(oid);
  }
  return out;
}

describe('GitRepository.readBlobs', () => {
  it('reads one call after another through one git process, each in request order', async () => {
    const repository = await GitRepository.open(repo);
    expect(await readAll(repository, oids.slice(0, 10))).toEqual(oids.slice(0, 10));
    expect(await readAll(repository, [...oids.slice(10, 20)].reverse())).toEqual([...oids.slice(10, 20)].reverse());
    expect(await readAll(repository, [oids[3] ?? '', oids[3] ?? ''])).toEqual([oids[3], oids[3]]);
    expect(await catFiles()).toBe(1);
  });

  it('gives reads made at the same time each its own objects', async () => {
    const repository = await GitRepository.open(repo);
    const parts = [oids.slice(0, 10), oids.slice(10, 20), oids.slice(20)];
    expect(await Promise.all(parts.map((part) => readAll(repository, part)))).toEqual(parts);
    expect(await catFiles()).toBe(1);
  });

  it('a read stopped early or failing leaves the next read whole', async () => {
    const repository = await GitRepository.open(repo);
    for await (const { oid } of repository.readBlobs(oids)) {
      expect(oid).toBe(oids[0]);
      break;
    }
    expect(await readAll(repository, oids.slice(5, 8))).toEqual(oids.slice(5, 8));

    const missing = '0123456789abcdef0123456789abcdef01234567';
    const error = await readAll(repository, [oids[0] ?? '', missing, oids[1] ?? '']).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GitError);
    expect((error as Error).message).toContain(`git object ${missing} is missing`);
    expect(await readAll(repository, oids.slice(1, 4))).toEqual(oids.slice(1, 4));
  });
});
