import { watch } from 'node:fs';
import { mkdir, rename, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { WorktreeSource } from '../../../src/content/index.js';
import { type WatchFolder, WorktreeJournal } from '../../../src/content/git/worktree-journal.js';
import { removeTempDirs, tempTree } from '../../support/temp-tree.js';

afterAll(removeTempDirs);

/** No racy window, and a clock ahead of every mtime: every entry carries its size:mtime token. */
const trusting = { racyWindowMs: 0, now: () => Date.now() + 60_000 };

describe('WorktreeJournal', () => {
  it('lists exactly what a full walk lists after every kind of change, stat-ing only what changed', async () => {
    const dir = await tempTree({
      'README.md': '# Home\n',
      'guide/setup.md': '# Setup\n',
      'guide/deep/a.md': '# A\n',
      'other/b.md': '# B\n',
    });
    const journal = new WorktreeJournal(path.resolve(dir));
    const at = (relative: string) => path.join(dir, ...relative.split('/'));
    const listBoth = async () => {
      const journaled = await new WorktreeSource(dir, { journal, ...trusting }).list();
      const walked = await new WorktreeSource(dir, trusting).list();
      expect(journaled).toEqual(walked);
      return journaled.map((entry) => entry.path);
    };

    await listBoth();
    expect(journal.folders).toBe(4);
    const changes: [string, () => Promise<unknown>][] = [
      ['edit in place, new size', () => writeFile(at('guide/setup.md'), '# Setup, longer now\n')],
      ['edit in place, same size', () => writeFile(at('guide/setup.md'), '# Setup, LONGER now\n')],
      ['new file', () => writeFile(at('guide/new.md'), '# New\n')],
      [
        'new nested folders with files',
        async () => {
          await mkdir(at('fresh/one/two'), { recursive: true });
          await writeFile(at('fresh/one/two/c.md'), '# C\n');
          await writeFile(at('fresh/d.md'), '# D\n');
        },
      ],
      ['file in the new folder', () => writeFile(at('fresh/one/e.md'), '# E\n')],
      ['deleted file', () => rm(at('other/b.md'))],
      ['renamed file', () => rename(at('guide/new.md'), at('guide/renamed.md'))],
      ['renamed folder', () => rename(at('guide/deep'), at('guide/deeper'))],
      ['edit inside the renamed folder', () => writeFile(at('guide/deeper/a.md'), '# A again\n')],
      ['deleted folder', () => rm(at('fresh'), { recursive: true })],
      ['symlink (skipped, as a full walk skips it)', () => symlink(at('README.md'), at('link.md'))],
      [
        'folder replaced by a file',
        async () => {
          await rm(at('other'), { recursive: true });
          await writeFile(at('other'), 'now a file');
        },
      ],
    ];
    for (const [what, change] of changes) {
      await change();
      await expect(listBoth(), what).resolves.toBeDefined();
    }
    expect(journal.fullListings).toBe(1);
    expect(await listBoth()).toEqual(['README.md', 'guide/deeper/a.md', 'guide/renamed.md', 'guide/setup.md', 'other']);

    // The whole folder replaced: the old folder's watches see nothing of the new one.
    await rename(dir, `${dir}.old`);
    await mkdir(dir);
    await writeFile(at('README.md'), '# Home again\n');
    await writeFile(at('other'), 'still a file');
    expect(await listBoth()).toEqual(['README.md', 'other']);
    expect(journal.fullListings).toBe(2);
    await rm(`${dir}.old`, { recursive: true });

    await writeFile(at('.gitignore'), 'guide/\n');
    await mkdir(at('guide'));
    await writeFile(at('guide/a.md'), '# A\n');
    expect(await listBoth()).toEqual(['.gitignore', 'README.md', 'other']);
    expect(journal.fullListings).toBe(3); // other ignore rules: the earlier listing says nothing
    journal.close();
  });

  it('gives watching up for good when the system is out of watches, and lists everything every time', async () => {
    const dir = await tempTree({ 'README.md': '# Home\n', 'guide/a.md': '# A\n' });
    const outOfWatches: WatchFolder = (folder, options, listener) => {
      if (folder !== path.resolve(dir)) throw Object.assign(new Error('ENOSPC: System limit for number of file watchers reached'), { code: 'ENOSPC' });
      return watch(folder, options, listener);
    };
    const journal = new WorktreeJournal(path.resolve(dir), outOfWatches);
    const list = async () => (await new WorktreeSource(dir, { journal, ...trusting }).list()).map((entry) => entry.path);
    expect(await list()).toEqual(['README.md', 'guide/a.md']);
    expect(journal.folders).toBe(0); // the top folder's watch was closed too
    await writeFile(path.join(dir, 'guide/b.md'), '# B\n');
    expect(await list()).toEqual(['README.md', 'guide/a.md', 'guide/b.md']);
    expect(journal.fullListings).toBe(2);
    journal.close();
  });

  it('serves listings one at a time, so two reads at once both see a change', async () => {
    const dir = await tempTree({ 'README.md': '# Home\n' });
    const journal = new WorktreeJournal(path.resolve(dir));
    const source = () => new WorktreeSource(dir, { journal, ...trusting });
    await source().list();
    await writeFile(path.join(dir, 'added.md'), '# Added\n');
    const [first, second] = await Promise.all([source().list(), source().list()]);
    expect(first.map((entry) => entry.path)).toEqual(['README.md', 'added.md']);
    expect(second).toEqual(first);
    journal.close();
  });
});
