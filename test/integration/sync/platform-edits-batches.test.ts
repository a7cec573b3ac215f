import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { EXIT } from '../../../src/failure/exit-codes.js';
import type { LoadedConfig } from '../../../src/config/load-config.js';
import { startTestEmulator } from '../../support/emulator-harness.js';
import { editPageInPlatform } from '../../support/edit-page-in-platform.js';
import { configFor, syncOnce } from '../../support/sync-harness.js';
import { git, makeTempDir, removeTempDirs } from '../../support/temp-tree.js';
import { liveMarkdown, reconcilePass, repoWorkspace } from '../../support/platform-edits-workspace.js';

// Today's API: content goes in as page batches, which leave pages without a git source.
let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startTestEmulator({ contract: 'current', strict: false });
});
afterAll(async () => {
  await emulator.close();
  await removeTempDirs();
});
beforeEach(() => emulator.reset());

const PAGE = 'getting-started/quickstart.md';
const BRANCH = 'docsync/platform-edits/docs';
const TARGET = { changeRequest: { autoMerge: true } };

/** A CI runner's run: no `.docsync/`. */
async function statelessSync(loaded: LoadedConfig) {
  await rm(join(loaded.baseDir, '.docsync'), { recursive: true, force: true });
  const before = emulator.stats().writes;
  const report = await syncOnce(loaded);
  return { report, writes: emulator.stats().writes - before };
}

describe('platformEdits on content batches', () => {
  it('keeps a page edited in the platform on the branch, then makes git live again, once', async () => {
    const { dir, remote } = await repoWorkspace();
    const loaded = configFor(emulator, dir, TARGET);
    expect((await syncOnce(loaded)).results[0]).toMatchObject({ outcome: 'merged', delivery: 'changes' });
    await editPageInPlatform(emulator, 'space-docs', { gitPath: PAGE, title: 'Quickstart', markdown: '# Quickstart\n\nEdited in the editor.\n' });

    const { result, writes } = await reconcilePass(emulator, loaded);
    expect(result.platformEdits).toMatchObject({ branch: BRANCH, pages: [{ file: `docs/${PAGE}`, outcome: 'edited' }], conflicts: 0, pushed: true });
    expect(writes).toBeGreaterThan(0);
    expect(git(remote, 'show', `${BRANCH}:docs/${PAGE}`)).toBe('# Quickstart\n\nEdited in the editor.\n');
    expect(await liveMarkdown(emulator, 'space-docs', 'Quickstart')).not.toContain('Edited in the editor.');

    const again = await reconcilePass(emulator, loaded);
    expect(again.result.platformEdits).toBeUndefined();
    expect(again.writes).toBe(0);
  });

  // From `HEAD` the runner's read of the docs is its kept one, unchanged, whatever the files' age.
  it.each(['worktree', 'HEAD'])(
    'does not take an older version docsync itself wrote (a paused worker landing late) for a platform edit (source: %s)',
    async (source) => {
      const { dir, docs, remote } = await repoWorkspace();
      const loaded = configFor(emulator, dir, { ...TARGET, source });
      await syncOnce(loaded);
      const older = git(dir, 'rev-parse', 'HEAD').trim();
      const file = join(docs, PAGE);
      await writeFile(file, `${await readFile(file, 'utf8')}\nA newer line from git.\n`);
      git(dir, 'commit', '--quiet', '-am', 'Newer quickstart');
      expect((await syncOnce(loaded)).results[0]?.outcome).toBe('merged');
      expect(await liveMarkdown(emulator, 'space-docs', 'Quickstart')).toContain('A newer line from git.');

      // A worker that read the older commit, paused past its lock, writes it after the newer one landed (its state is lost).
      const stale = configFor(emulator, dir, { ...TARGET, source: older, platformEdits: 'overwrite' }, { state: { path: '.docsync/stale-worker.json' } });
      expect((await syncOnce(stale)).failures).toEqual([]);
      expect(await liveMarkdown(emulator, 'space-docs', 'Quickstart')).not.toContain('A newer line from git.');

      const { result, writes } = await reconcilePass(emulator, loaded);
      expect(result.platformEdits).toBeUndefined();
      expect(writes).toBeGreaterThan(0);
      expect(await liveMarkdown(emulator, 'space-docs', 'Quickstart')).toContain('A newer line from git.');
      expect(git(remote, 'branch', '--list', BRANCH).trim()).toBe('');
    },
  );

  it('refuses to overwrite platform edits without a remote, and says how to configure one', async () => {
    const { dir } = await repoWorkspace({ remote: false });
    const loaded = configFor(emulator, dir, TARGET);
    expect((await syncOnce(loaded)).failures).toEqual([]);
    await editPageInPlatform(emulator, 'space-docs', { gitPath: PAGE, title: 'Quickstart', markdown: '# Quickstart\n\nEdited in the editor.\n' });
    const { report, writes } = await statelessSync(loaded);
    expect(writes).toBe(0);
    expect(report.failures).toEqual([expect.objectContaining({ target: 'docs', code: 'E_PLATFORM_EDITS_NO_REMOTE', exitCode: EXIT.config })]);
    expect(report.failures[0]?.error).toMatch(
      /getting-started\/quickstart\.md.*no remote named "origin".*git remote add origin.*platformEditsRemote.*platformEdits: overwrite/s,
    );
    expect(await liveMarkdown(emulator, 'space-docs', 'Quickstart')).toBe('# Quickstart\n\nEdited in the editor.\n');
  });

  it("stops before overwriting anything when the push is not a fast-forward, with git's message", async () => {
    const { dir, remote } = await repoWorkspace();
    const loaded = configFor(emulator, dir, TARGET);
    expect((await syncOnce(loaded)).failures).toEqual([]);
    await editPageInPlatform(emulator, 'space-docs', { gitPath: PAGE, title: 'Quickstart', markdown: '# Quickstart\n\nEdited in the editor.\n' });
    // Someone pushed to the branch after docsync read it: pushes go to a copy of the remote where the
    // branch holds another commit, which docsync's does not descend from.
    const moved = await makeTempDir('docsync-moved-');
    git(moved, 'clone', '--bare', '--quiet', remote, '.');
    git(dir, 'checkout', '--quiet', '-b', 'elsewhere');
    await writeFile(join(dir, 'NOTES.md'), 'Pushed by someone else.\n');
    git(dir, 'add', 'NOTES.md');
    git(dir, 'commit', '--quiet', '-m', 'Someone else');
    git(dir, 'push', '--quiet', moved, `elsewhere:refs/heads/${BRANCH}`);
    git(dir, 'checkout', '--quiet', 'main');
    git(dir, 'config', 'remote.origin.pushurl', moved);

    const { report, writes } = await statelessSync(loaded);
    expect(writes).toBe(0);
    expect(report.failures).toEqual([expect.objectContaining({ target: 'docs', code: 'E_PLATFORM_EDITS_PUSH', exitCode: EXIT.platformEditsPush })]);
    expect(report.failures[0]?.error).toMatch(/rejected.*\((fetch first|non-fast-forward)\)/s);
    expect(report.failures[0]?.error).toContain(BRANCH);
    expect(await liveMarkdown(emulator, 'space-docs', 'Quickstart')).toBe('# Quickstart\n\nEdited in the editor.\n');
    expect(git(remote, 'branch', '--list', BRANCH).trim()).toBe('');
  });
});
