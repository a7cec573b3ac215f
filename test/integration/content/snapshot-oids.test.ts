import { execFileSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { GitRefSource } from '../../../src/content/git/git-ref-source.js';
import { WorktreeSource } from '../../../src/content/git/worktree-source.js';
import { readDocsRepo } from '../../../src/content/read-docs-repo.js';
import { overlaySource } from '../../../src/content/git/overlay-source.js';
import { git, removeTempDirs, tempTree } from '../../support/temp-tree.js';

afterAll(removeTempDirs);

/** `git ls-tree -r` of the docs folder at HEAD: path → blob oid, as git itself names them. */
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

const oidsOf = (files: readonly { path: string; oid: string }[]) => Object.fromEntries(files.map((file) => [file.path, file.oid]));

describe("a snapshot's files", () => {
  it("are known by git's blob oids: a commit's from its tree (an asset is not read), a working tree's from their bytes, alike", async () => {
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
    expect(snapshot.files.map((file) => file.path)).toEqual(['.gitbook/assets/pic.png', 'README.md', 'SUMMARY.md', 'guide/intro.md']);
    expect(oidsOf(snapshot.files)).toEqual(Object.fromEntries(snapshot.files.map((file) => [file.path, expected.get(file.path)])));
    // The pages and SUMMARY.md are read for what they say; the asset only for its oid, which the tree names.
    expect(snapshot.stats.read).toBe(3);

    const read = await readDocsRepo(new WorktreeSource(`${repo}/docs`));
    expect(oidsOf(read.files)).toEqual(oidsOf(snapshot.files));
    expect(read.contentHash).toBe(snapshot.contentHash);

    // Laid over: the other text's oid, the rest still the tree's.
    const other = new TextEncoder().encode('# Intro, edited in the platform\n\n![](../.gitbook/assets/pic.png)\n');
    const laid = await readDocsRepo(overlaySource(commit, new Map([['guide/intro.md', other]])));
    expect(oidsOf(laid.files)).toEqual({
      ...oidsOf(snapshot.files),
      'guide/intro.md': execFileSync('git', ['hash-object', '--stdin'], { input: other, encoding: 'utf8' }).trim(),
    });
  });
});
