import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KnownFiles } from '../../../src/content/content-loader.js';
import { GitRefNotFoundError } from '../../../src/content/errors/git-ref-not-found-error.js';
import { NotAGitRepositoryError } from '../../../src/content/errors/not-a-git-repository-error.js';
import { GitRefSource } from '../../../src/content/git/git-ref-source.js';
import { GitRepository } from '../../../src/content/git/git-repository.js';
import { WorktreeSource } from '../../../src/content/git/worktree-source.js';
import type { PageMeta } from '../../../src/content/gitbook/parse-page-meta.js';
import { readDocsRepo } from '../../../src/content/read-docs-repo.js';
import { git, makeTempDir, removeTempDirs, writeTree } from '../../support/temp-tree.js';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 10, 13, 255, 0]);
let repo: string;

beforeAll(async () => {
  repo = await makeTempDir();
  git(repo, 'init', '-q');
  await writeTree(repo, {
    'docs/.gitbook.yaml': 'root: ./\n',
    'docs/README.md': '# Version one\n\n![](.gitbook/assets/pic.png)\n',
    'docs/guide.md': '# Guide v1\n',
    'docs/.gitbook/assets/pic.png': PNG,
    'src/index.ts': 'export {};\n',
  });
  git(repo, 'add', '-A');
  git(repo, 'commit', '-q', '-m', 'First docs');
  await writeTree(repo, { 'docs/README.md': '# Version two\n\n![](.gitbook/assets/pic.png)\n' });
  git(repo, 'commit', '-q', '-am', 'Rename the home page\n\nLonger body.');
  // Uncommitted changes, which a GitRefSource must not see:
  await writeTree(repo, { 'docs/README.md': '# Work in progress\n', 'docs/guide.md': '# Guide dirty\n', 'docs/new.md': '# New' });
});

afterAll(removeTempDirs);

const title = async (source: GitRefSource | WorktreeSource): Promise<string | undefined> => (await readDocsRepo(source)).pages[0]?.pages[0]?.title;

describe('GitRefSource', () => {
  it('reads the committed tree at HEAD, not the dirty worktree', async () => {
    const source = await GitRefSource.open(path.join(repo, 'docs'));
    const snapshot = await readDocsRepo(source);
    expect(snapshot.pages[0]!.pages.map((page) => page.title)).toEqual(['Version two', 'Guide v1']);
    expect(snapshot.files.map((file) => file.path)).toEqual(['.gitbook.yaml', '.gitbook/assets/pic.png', 'README.md', 'guide.md']);
    expect(await title(new WorktreeSource(path.join(repo, 'docs')))).toBe('Work in progress');
  });

  it('reads an older ref', async () => {
    expect(await title(await GitRefSource.open(path.join(repo, 'docs'), 'HEAD~1'))).toBe('Version one');
  });

  it('lists paths relative to the opened directory, with blob oids as change tokens', async () => {
    const source = await GitRefSource.open(path.join(repo, 'docs'));
    const entries = await source.list();
    expect(entries.map((entry) => entry.path)).toEqual(['.gitbook.yaml', '.gitbook/assets/pic.png', 'README.md', 'guide.md']);
    const oid = git(repo, 'rev-parse', 'HEAD:docs/guide.md').trim();
    expect(entries.find((entry) => entry.path === 'guide.md')).toEqual({ path: 'guide.md', size: 11, token: oid, oid });
  });

  it('reads binary blobs byte for byte, one at a time and in a batch', async () => {
    const source = await GitRefSource.open(repo);
    expect(new Uint8Array(await source.read('docs/.gitbook/assets/pic.png'))).toEqual(PNG);
    const batch = new Map<string, Uint8Array>();
    for await (const file of source.readMany(['docs/.gitbook/assets/pic.png', 'src/index.ts', 'docs/guide.md'])) batch.set(file.path, file.bytes);
    expect(batch.get('docs/.gitbook/assets/pic.png')).toEqual(PNG);
    expect(new TextDecoder().decode(batch.get('docs/guide.md'))).toBe('# Guide v1\n');
    expect(source.counter.files).toBe(4);
  });

  it('gives the same content hash as a clean worktree of the same commit', async () => {
    const clean = await makeTempDir();
    git(clean, 'clone', '-q', repo, '.');
    const fromGit = await readDocsRepo(await GitRefSource.open(path.join(repo, 'docs')));
    const fromDisk = await readDocsRepo(new WorktreeSource(path.join(clean, 'docs')));
    expect(fromDisk.contentHash).toBe(fromGit.contentHash);
  });

  it('reads no blob an earlier read knows by its blob id but the table of contents, whose text it did not keep', async () => {
    const first = await GitRefSource.open(path.join(repo, 'docs'));
    const metas = new Map<string, PageMeta>();
    const read = await readDocsRepo(first, { derived: ({ pages }) => pages.forEach((page, at) => metas.set(at, page.meta)) });
    // The asset is named by the tree's blob oid, not read.
    expect(read.stats.read).toBe(3);
    const oids = new Map((await first.list()).map((entry) => [entry.path, entry.token]));
    const files = new Map(read.files.map((file) => [file.sourcePath ?? file.path, file]));
    const known: KnownFiles = (at, token) => {
      const file = oids.get(at) === token ? files.get(at) : undefined;
      const page = metas.get(at);
      return file === undefined ? undefined : { size: file.size, oid: file.oid, ...(page === undefined ? {} : { page }) };
    };
    const second = await GitRefSource.open(path.join(repo, 'docs'));
    const snapshot = await readDocsRepo(second, { known });
    expect(snapshot.stats).toMatchObject({ read: 1, cached: 3 });
    expect(second.counter.files).toBe(1);
    expect(snapshot.contentHash).toBe(read.contentHash);
  });

  it('describes the commit for change-request subjects', async () => {
    const source = await GitRefSource.open(repo, 'main');
    expect(await source.headCommit()).toEqual({
      oid: git(repo, 'rev-parse', 'HEAD').trim(),
      subject: 'Rename the home page',
      author: { name: 'Ada Writer', email: 'ada@example.com' },
    });
    expect((await source.repository.headCommit('HEAD~1')).subject).toBe('First docs');
  });

  it('pins the commit at open, so a moving branch cannot mix two commits', async () => {
    const source = await GitRefSource.open(repo, 'main');
    const before = source.commit;
    await writeFile(path.join(repo, 'docs/guide.md'), '# Guide v3\n');
    git(repo, 'commit', '-q', '-am', 'Third');
    expect(source.commit).toBe(before);
    expect(new TextDecoder().decode(await source.read('docs/guide.md'))).toBe('# Guide v1\n');
    git(repo, 'reset', '-q', '--soft', 'HEAD~1');
    expect(await readFile(path.join(repo, 'docs/guide.md'), 'utf8')).toBe('# Guide v3\n');
  });

  it('fails with typed errors for a bad ref and a folder that is not a repository', async () => {
    await expect(GitRefSource.open(repo, 'no-such-branch')).rejects.toBeInstanceOf(GitRefNotFoundError);
    await expect(GitRefSource.open(repo, '--output=/tmp/x')).rejects.toBeInstanceOf(GitRefNotFoundError);
    const plain = await makeTempDir();
    const error = await GitRefSource.open(plain).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotAGitRepositoryError);
    expect((error as Error).message).toContain(plain);
  });
});

describe('GitRepository', () => {
  it('opens a subfolder with its top level and prefix, and resolves a commit from any folder of the repository', async () => {
    const opened = await GitRepository.open(path.join(repo, 'docs'));
    expect([opened.prefix, await GitRepository.open(repo).then((top) => top.prefix)]).toEqual(['docs', '']);
    expect(opened.directory).toBe((await GitRepository.open(repo)).directory);
    expect(await GitRepository.commitIn(path.join(repo, 'docs'), 'HEAD~1')).toBe(git(repo, 'rev-parse', 'HEAD~1').trim());
    await expect(GitRepository.commitIn(repo, 'no-such-branch')).rejects.toBeInstanceOf(GitRefNotFoundError);
    await expect(GitRepository.commitIn(repo, '--output=/tmp/x')).rejects.toBeInstanceOf(GitRefNotFoundError);
    await expect(GitRepository.commitIn(await makeTempDir(), 'HEAD')).rejects.toBeInstanceOf(NotAGitRepositoryError);
  });
});
