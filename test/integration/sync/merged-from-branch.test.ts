import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GitRepository } from '../../../src/content/git/git-repository.js';
import { mergedFromBranch } from '../../../src/sync/platform-edits/merged-from-branch.js';
import { outcomeLine } from '../../../src/sync/platform-edits/outcome-line.js';
import { git, makeTempDir, removeTempDirs, writeTree } from '../../support/temp-tree.js';

let repo: string;
let base: string;
let oids: Map<string, string>;

/** The pages git had at the base: a page added since is no clean merge under preserve. */
const based = (path: string): boolean => path !== 'added.md';
const blob = (path: string): string => git(repo, 'rev-parse', `HEAD:docs/${path}`).trim();

beforeAll(async () => {
  repo = await makeTempDir();
  git(repo, 'init', '-q');
  await writeTree(repo, { 'docs/README.md': '# Home\n', 'docs/guide.md': '# Guide\n', 'docs/faq.md': '# FAQ\n' });
  git(repo, 'add', '-A');
  git(repo, 'commit', '-q', '-m', 'Docs');
  base = git(repo, 'rev-parse', 'HEAD').trim();
  // The platform-edits branch: a page added and one edited in the platform, one merged, one in conflict.
  git(repo, 'checkout', '-q', '-b', 'docsync/platform-edits');
  await writeTree(repo, {
    'docs/added.md': '# Added in the platform\n',
    'docs/guide.md': '# Guide, edited in the platform\n',
    'docs/faq.md': '<<<<<<< git\n# FAQ\n=======\n# FAQ!\n>>>>>>> platform\n',
  });
  git(repo, 'add', '-A');
  const message = [
    'Platform edits',
    '',
    outcomeLine('docs/added.md', 'edited', undefined),
    outcomeLine('docs/guide.md', 'merged', undefined),
    outcomeLine('docs/faq.md', 'conflict', undefined),
  ].join('\n');
  git(repo, 'commit', '-q', '-m', message);
  git(repo, 'checkout', '-q', 'main');
  await writeTree(repo, { 'docs/README.md': '# Home, edited in git\n' });
  git(repo, 'commit', '-q', '-am', 'A git edit');
  git(repo, 'merge', '-q', '--no-edit', 'docsync/platform-edits');
  oids = new Map(['README.md', 'added.md', 'guide.md', 'faq.md'].map((path) => [path, blob(path)]));
});

afterAll(removeTempDirs);

describe('mergedFromBranch', () => {
  it("names the pages git holds as a platform-edits commit left them live: under adopt an edit or a merge, under preserve a merge where git had the page; never git's own edit or conflict markers", async () => {
    const repository = await GitRepository.open(repo);
    const synced = git(repo, 'rev-parse', 'HEAD').trim();
    const adopt = await mergedFromBranch(repository, { root: 'docs', platformEdits: 'adopt' }, { synced, since: base }, oids, based);
    expect([...adopt].sort()).toEqual(['added.md', 'guide.md']);
    const preserve = await mergedFromBranch(repository, { root: 'docs', platformEdits: 'preserve' }, { synced, since: base }, oids, based);
    expect([...preserve]).toEqual(['guide.md']);
    // Under preserve a page merged at a path git lacked (moved in the platform) went back to git's place: not left live.
    expect(await mergedFromBranch(repository, { root: 'docs', platformEdits: 'preserve' }, { synced, since: base }, oids, () => false)).toEqual(new Set());
  });

  it('names none once git changed the page again, nor any before the commits since the base', async () => {
    const repository = await GitRepository.open(repo);
    await writeTree(repo, { 'docs/guide.md': '# Guide, edited in git after the merge\n' });
    git(repo, 'commit', '-q', '-am', 'Git edits the guide');
    const synced = git(repo, 'rev-parse', 'HEAD').trim();
    const now = new Map([...oids, ['guide.md', blob('guide.md')]]);
    expect([...(await mergedFromBranch(repository, { root: 'docs', platformEdits: 'adopt' }, { synced, since: base }, now, based))]).toEqual(['added.md']);
    expect(await mergedFromBranch(repository, { root: 'docs', platformEdits: 'adopt' }, { synced, since: synced }, now, based)).toEqual(new Set());
  });
});
