import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { GitRepository } from '../../../src/content/git/git-repository.js';
import { branchLeftLive } from '../../../src/sync/platform-edits/branch-left-live.js';
import { outcomeLine, syncedLine } from '../../../src/sync/platform-edits/outcome-line.js';
import { logGitCalls } from '../../support/git-call-log.js';
import { git, makeTempDir, removeTempDirs, tempTree } from '../../support/temp-tree.js';

/**
 * What a runner without state reads of the platform-edits branch: the pages a sync left live (or
 * left out) and git's blob for each then, from one `git log` of the branch whatever the number of
 * pages. Real git: a repository, a bare `origin`, and the branch as a sync pushes it.
 */
afterAll(removeTempDirs);

const gitCalls = logGitCalls();
const BRANCH = 'docsync/platform-edits/docs';
const target = (platformEdits: 'adopt' | 'preserve') => ({
  name: 'docs',
  platformEdits,
  platformEditsBranch: 'docsync/platform-edits/{target}',
  platformEditsRemote: 'origin',
});

/**
 * `count` pages committed on `main` under docs/ and pushed to a bare origin; then the branch: one
 * commit keeping the platform's version of each page (the last one removed there), another by
 * someone else changing the first page again.
 */
async function workspace(count: number): Promise<{ docs: string; pages: string[]; gitBlobs: string[]; edited: string[] }> {
  const pages = Array.from({ length: count }, (_, i) => `page-${i}.md`);
  const dir = await tempTree(Object.fromEntries(pages.map((page) => [`docs/${page}`, `# ${page}\n`])));
  git(dir, 'init', '-q');
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', 'Docs');
  const remote = await makeTempDir('docsync-remote-');
  git(remote, 'init', '-q', '--bare');
  git(dir, 'remote', 'add', 'origin', remote);
  git(dir, 'push', '-q', 'origin', 'main');
  const gitBlobs = pages.map((page) => git(dir, 'rev-parse', `HEAD:docs/${page}`).trim());

  git(dir, 'checkout', '-q', '-b', 'edits');
  const removed = pages.length - 1;
  for (const [i, page] of pages.entries()) {
    if (i === removed) await rm(path.join(dir, 'docs', page));
    else await writeFile(path.join(dir, 'docs', page), `# ${page}\n\nEdited in the platform.\n`);
  }
  const lines = pages.map((page, i) => outcomeLine(`docs/${page}`, i === removed ? 'removed' : 'edited', gitBlobs[i]));
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', ['Platform edits of docs', '', ...lines, ''].join('\n'));
  const edited = pages.map((page, i) => (i === removed ? '' : git(dir, 'rev-parse', `HEAD:docs/${page}`).trim()));
  await writeFile(path.join(dir, 'docs', pages[0] ?? ''), 'Changed on the branch by hand.\n');
  git(dir, 'commit', '-q', '-am', "A reviewer's change");
  git(dir, 'push', '-q', 'origin', `edits:${BRANCH}`);
  git(dir, 'checkout', '-q', 'main');
  return { docs: path.join(dir, 'docs'), pages, gitBlobs, edited };
}

/** branchLeftLive over every page of the docs folder, and the git subcommands it started. */
async function readBranch(
  docs: string,
  pages: readonly string[],
  platformEdits: 'adopt' | 'preserve' = 'adopt',
  landed: (commit: string) => Promise<boolean> = () => Promise.resolve(true),
) {
  const repository = await GitRepository.open(docs);
  const before = (await gitCalls()).length;
  const held = await branchLeftLive(repository, target(platformEdits), '', 'HEAD', pages, landed);
  const commands = (await gitCalls()).slice(before).map((call) => call.split(' ').find((word) => !word.startsWith('-') && !word.includes('=')));
  return { held, commands };
}

describe('branchLeftLive', () => {
  it("reads what a sync left live or left out, and git's blob then, from one git log for all pages", async () => {
    const small = await workspace(3);
    const large = await workspace(40);
    const read = await readBranch(large.docs, large.pages);

    // The first page's newest change on the branch is not a sync's; the last was removed in the platform.
    expect(read.held.has('page-0.md')).toBe(false);
    expect(read.held.get('page-1.md')).toEqual({ live: large.edited[1], gitBlob: large.gitBlobs[1] });
    expect(read.held.get('page-39.md')).toEqual({ live: undefined, gitBlob: large.gitBlobs[39] });
    expect(read.held.size).toBe(39);
    // As many git processes for 40 pages as for 3: the branch is fetched and logged once.
    expect(read.commands.filter((command) => command === 'log')).toHaveLength(1);
    expect(read.commands).toEqual((await readBranch(small.docs, small.pages)).commands);
  });

  it('names a page added in the platform by its id, whatever paths it is asked for: the platform may have moved it since', async () => {
    const { docs, pages } = await workspace(2);
    const dir = path.dirname(docs);
    git(dir, 'fetch', '-q', 'origin', BRANCH);
    git(dir, 'checkout', '-q', '-b', 'added', 'FETCH_HEAD');
    await writeFile(path.join(docs, 'added.md'), '# Added\n');
    git(dir, 'add', '-A');
    git(dir, 'commit', '-q', '-m', ['Platform edits of docs', '', outcomeLine('docs/added.md', 'edited', undefined, 'page_added1'), ''].join('\n'));
    git(dir, 'push', '-q', 'origin', `added:${BRANCH}`);
    git(dir, 'checkout', '-q', 'main');

    const { held } = await readBranch(docs, pages);
    expect(held.get('added.md')).toEqual({ live: git(dir, 'rev-parse', 'added:docs/added.md').trim(), gitBlob: undefined, pageId: 'page_added1' });
    expect(held.has('page-1.md')).toBe(true);
  });

  it('under preserve, only merged pages; none once the branch is merged into the synced commit', async () => {
    const { docs, pages } = await workspace(3);
    expect((await readBranch(docs, pages, 'preserve')).held.size).toBe(0);

    git(docs, 'fetch', '-q', 'origin', BRANCH);
    git(docs, 'merge', '-q', '--ff-only', 'FETCH_HEAD');
    expect((await readBranch(docs, pages)).held.size).toBe(0);
  });

  it("under preserve, a clean merge at a path git has, not one at a page's new place in the platform (git's version went live at git's place)", async () => {
    const { docs, pages, gitBlobs } = await workspace(2);
    const dir = path.dirname(docs);
    git(dir, 'fetch', '-q', 'origin', BRANCH);
    git(dir, 'checkout', '-q', '-b', 'merged', 'FETCH_HEAD');
    await writeFile(path.join(docs, 'page-0.md'), '# page-0.md\n\nMerged.\n');
    await writeFile(path.join(docs, 'moved.md'), '# page-1.md\n\nMerged where the platform moved it.\n');
    git(dir, 'add', '-A');
    const lines = [outcomeLine('docs/page-0.md', 'merged', gitBlobs[0]), outcomeLine('docs/moved.md', 'merged', undefined)];
    git(dir, 'commit', '-q', '-m', ['Platform edits of docs', '', ...lines, ''].join('\n'));
    git(dir, 'push', '-q', 'origin', `merged:${BRANCH}`);
    git(dir, 'checkout', '-q', 'main');

    const { held } = await readBranch(docs, [...pages, 'moved.md'], 'preserve');
    expect([...held.keys()]).toEqual(['page-0.md']);
    expect(held.get('page-0.md')).toEqual({ live: git(dir, 'rev-parse', 'merged:docs/page-0.md').trim(), gitBlob: gitBlobs[0] });
    expect([...(await readBranch(docs, [...pages, 'moved.md'])).held.keys()].sort()).toEqual(['moved.md', 'page-0.md', 'page-1.md']);
  });

  it("passes over a commit made while syncing a git commit docsync has not merged: the older commit's record of the page stands", async () => {
    const { docs, pages, edited } = await workspace(3);
    const dir = path.dirname(docs);
    git(dir, 'checkout', '-q', '-b', 'pending');
    await writeFile(path.join(docs, 'pending.md'), '# Pending\n');
    git(dir, 'add', '-A');
    git(dir, 'commit', '-q', '-m', 'Git moves on');
    const pending = git(dir, 'rev-parse', 'HEAD').trim();
    git(dir, 'fetch', '-q', 'origin', BRANCH);
    git(dir, 'checkout', '-q', '-b', 'held', 'FETCH_HEAD');
    await writeFile(path.join(docs, 'page-1.md'), '# page-1.md\n\nMerged, waiting for review.\n');
    git(
      dir,
      'commit',
      '-q',
      '-am',
      ['Platform edits of docs', '', outcomeLine('docs/page-1.md', 'merged', 'a'.repeat(40)), '', syncedLine(pending), ''].join('\n'),
    );
    git(dir, 'push', '-q', 'origin', `held:${BRANCH}`);
    git(dir, 'checkout', '-q', 'main');

    const asked: string[] = [];
    const notLanded = (commit: string): Promise<boolean> => {
      asked.push(commit);
      return Promise.resolve(false);
    };
    expect((await readBranch(docs, pages, 'adopt', notLanded)).held.get('page-1.md')?.live).toBe(edited[1]);
    expect(asked).toEqual([pending]);
    expect((await readBranch(docs, pages)).held.get('page-1.md')).toEqual({
      live: git(dir, 'rev-parse', 'held:docs/page-1.md').trim(),
      gitBlob: 'a'.repeat(40),
    });
  });
});
