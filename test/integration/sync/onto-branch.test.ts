import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { GitRepository } from '../../../src/content/git/git-repository.js';
import { ontoBranch } from '../../../src/sync/platform-edits/onto-branch.js';
import { openLine, stillMains, syncedLine } from '../../../src/sync/platform-edits/outcome-line.js';
import { removedConflict } from '../../../src/sync/platform-edits/removed-conflict.js';
import { git, removeTempDirs, tempTree } from '../../support/temp-tree.js';

/**
 * How a platform-edits commit is laid onto the branch's tip: merged with what the branch holds, unless
 * the branch's version is what main still holds (docsync's change request of that sync waits for
 * review), which the platform's next version went on from. Real git: a repository and its branch.
 */
afterAll(removeTempDirs);

const GIT_SUMMARY = '# Table of contents\n\n* [Introduction](README.md)\n* [Section 1](section-1.md)\n* [Section 2](section-2.md)\n';
/** The branch's version: the platform retitled Section 2. */
const RETITLED = GIT_SUMMARY.replace('[Section 2]', '[Renamed]');
/** The platform's next version: the retitled page then moved under Section 1. */
const MOVED = RETITLED.replace('* [Renamed](section-2.md)', '  * [Renamed](section-1/section-2.md)');
const REVISION = 'rev_kept1';

/** git's docs on `main`, then the branch: docsync's commit of `file` (the retitled SUMMARY.md by default) with `message`; the synced commit and the tip. */
async function branchWith(message: string, text = RETITLED, file = 'SUMMARY.md'): Promise<{ repository: GitRepository; synced: string; tip: string }> {
  const dir = await tempTree({ 'docs/SUMMARY.md': GIT_SUMMARY });
  git(dir, 'init', '-q', '-b', 'main');
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', 'Docs');
  const synced = git(dir, 'rev-parse', 'HEAD').trim();
  git(dir, 'checkout', '-q', '-b', 'edits');
  await writeFile(path.join(dir, 'docs', file), text);
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', message);
  const tip = git(dir, 'rev-parse', 'HEAD').trim();
  git(dir, 'checkout', '-q', 'main');
  return { repository: await GitRepository.open(dir), synced, tip };
}

const docsyncMessage = (open?: number): string =>
  [
    'Platform edits of docs',
    '',
    `The platform's versions of pages of space sp (revision ${REVISION}), kept by docsync.`,
    '',
    syncedLine('a'.repeat(40)),
    ...(open === undefined ? [] : [openLine(open)]),
    '',
  ].join('\n');

async function laid(
  { repository, synced, tip }: { repository: GitRepository; synced: string; tip: string },
  open: { number: number; revisionInitial: string } | undefined,
): Promise<{ text: string; conflictLine: number | undefined }> {
  const changes = [{ path: 'docs/SUMMARY.md', bytes: new TextEncoder().encode(MOVED) }];
  const [change] = await ontoBranch(
    repository,
    { tip, synced, folder: 'docs' },
    changes,
    () => false,
    new Map(),
    (message) => stillMains(message, open),
  );
  return { text: new TextDecoder().decode(change?.change.bytes ?? new Uint8Array()), conflictLine: change?.conflictLine };
}

describe('ontoBranch', () => {
  it("takes the platform's next version where the branch's is main's yet: docsync's change request open then waits still", async () => {
    const branch = await branchWith(docsyncMessage(7));
    expect(await laid(branch, { number: 7, revisionInitial: 'rev_other' })).toEqual({ text: MOVED, conflictLine: undefined });
  });

  it('takes it where the change request open now is the one that sync opened, made from the revision the commit names', async () => {
    const branch = await branchWith(docsyncMessage());
    expect(await laid(branch, { number: 8, revisionInitial: REVISION })).toEqual({ text: MOVED, conflictLine: undefined });
  });

  it("merges with git's version as base once that change request is gone (merged: git's version went live), or none is open", async () => {
    const branch = await branchWith(docsyncMessage(7));
    for (const open of [{ number: 9, revisionInitial: 'rev_later' }, undefined]) {
      const { text, conflictLine } = await laid(branch, open);
      expect(conflictLine).toBe(text.split('\n').findIndex((line) => line.startsWith('<<<<<<< ')) + 1);
      expect(text).toContain('[Renamed](section-2.md)');
      expect(text).toContain('[Renamed](section-1/section-2.md)');
    }
  });

  it("drops the platform's version of a page git removed where the branch's conflict holds it already", async () => {
    const page = '# Topic\n\nThe platform says this.\n';
    const { repository, synced, tip } = await branchWith(docsyncMessage(), removedConflict(page, 'git'), 'topic.md');
    const changes = [{ path: 'docs/topic.md', bytes: new TextEncoder().encode(page) }];
    expect(await ontoBranch(repository, { tip, synced, folder: 'docs' }, changes, () => false)).toEqual([]);
    const other = [{ path: 'docs/topic.md', bytes: new TextEncoder().encode(`${page}And more.\n`) }];
    expect(await ontoBranch(repository, { tip, synced, folder: 'docs' }, other, () => false)).toHaveLength(1);
  });

  it("merges with a person's commit, and with a version of docsync's that holds conflict markers, rather than replacing them", async () => {
    const person = await branchWith('Resolve by hand\n');
    expect((await laid(person, { number: 7, revisionInitial: REVISION })).conflictLine).toBeDefined();
    const marked = await branchWith(docsyncMessage(7), `<<<<<<< branch\n${RETITLED}=======\n${GIT_SUMMARY}>>>>>>> platform\n`);
    expect((await laid(marked, { number: 7, revisionInitial: REVISION })).text).not.toBe(MOVED);
  });
});
