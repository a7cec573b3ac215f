import { execFileSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { GitRefSource, readDocsRepo, WorktreeSource } from '../../../src/content/index.js';
import { overlaySource } from '../../../src/content/git/overlay-source.js';
import { snapshotBlobOids } from '../../../src/content/snapshot-blob-oids.js';
import { git, removeTempDirs, tempTree } from '../../support/temp-tree.js';

afterAll(removeTempDirs);

/** `git ls-tree -r` of the docs folder at HEAD: path → blob id, as git itself names them. */
function treeOids(repo: string): Map<string, string> {
  return new Map(
    git(repo, 'ls-tree', '-r', 'HEAD', 'docs/')
      .trim()
      .split('\n')
      .map((line) => {
        const [meta = '', path = ''] = line.split('\t');
        return [path.replace(/^docs\//, ''), meta.split(' ')[2] ?? ''] as const;
      }),
  );
}

describe('snapshotBlobOids', () => {
  it("names a commit's files by its tree without reading them, and a working tree's by their bytes, alike", async () => {
    const repo = await tempTree({
      'docs/README.md': '# Home\n',
      'docs/SUMMARY.md': '# Table of contents\n\n* [Home](README.md)\n* [Guide](guide/intro.md)\n',
      'docs/guide/intro.md': '---\ndescription: Start here\n---\n\n# Intro\n\n![](../.gitbook/assets/pic.png)\n',
      'docs/.gitbook/assets/pic.png': 'not really a png\n',
    });
    git(repo, 'init', '-q');
    git(repo, 'add', '-A');
    git(repo, 'commit', '-q', '-m', 'Docs');
    const expected = treeOids(repo);
    const commit = await GitRefSource.open(`${repo}/docs`, 'HEAD');
    const snapshot = await readDocsRepo(commit);
    const paths = snapshot.files.map((file) => file.path);
    expect(paths).toEqual(expect.arrayContaining(['README.md', 'SUMMARY.md', 'guide/intro.md']));
    commit.counter.reset();
    const fromTree = await snapshotBlobOids(snapshot, commit)(paths);
    expect(commit.counter.files).toBe(0);
    expect(Object.fromEntries(fromTree)).toEqual(Object.fromEntries(paths.map((path) => [path, expected.get(path)])));

    const worktree = new WorktreeSource(`${repo}/docs`);
    const read = await readDocsRepo(worktree);
    worktree.counter.reset();
    expect(await snapshotBlobOids(read, worktree)(paths)).toEqual(fromTree);
    expect(worktree.counter.files).toBeGreaterThan(0);

    // Laid over: the other text's id, the rest still from the tree.
    const other = new TextEncoder().encode('# Intro, edited in the platform\n\n![](../.gitbook/assets/pic.png)\n');
    const overlay = overlaySource(commit, new Map([['guide/intro.md', other]]));
    const laid = await readDocsRepo(overlay);
    commit.counter.reset();
    const oids = await snapshotBlobOids(laid, overlay)(paths);
    expect(commit.counter.files).toBe(0);
    expect(oids.get('guide/intro.md')).toBe(execFileSync('git', ['hash-object', '--stdin'], { input: other, encoding: 'utf8' }).trim());
    expect(oids.get('README.md')).toBe(expected.get('README.md'));
  });
});
