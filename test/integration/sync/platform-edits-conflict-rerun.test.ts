import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { startTestEmulator } from '../../support/emulator-harness.js';
import { editPageInPlatform } from '../../support/edit-page-in-platform.js';
import { repoWorkspace } from '../../support/platform-edits-workspace.js';
import { configFor, syncOnce } from '../../support/sync-harness.js';
import { git, makeTempDir, removeTempDirs } from '../../support/temp-tree.js';

const PAGE = 'getting-started/quickstart.md';
const BRANCH = 'docsync/platform-edits/docs';

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startTestEmulator({ contract: 'current', strict: false });
});
afterAll(async () => {
  await emulator.close();
  await removeTempDirs();
});
beforeEach(() => emulator.reset());

describe('a re-run after a platform-edits conflict', () => {
  it('exits 8, naming the file and line, while the markers stand on the branch; 0 once they are resolved there', async () => {
    const { dir, docs, remote } = await repoWorkspace();
    const loaded = configFor(emulator, dir, { changeRequest: { autoMerge: true } });
    expect((await syncOnce(loaded)).failures).toEqual([]);
    await editPageInPlatform(emulator, 'space-docs', { gitPath: PAGE, title: 'Quickstart', markdown: '# Quickstart\n\nThe platform says this.\n' });
    await writeFile(join(docs, PAGE), '# Quickstart\n\nGit says this.\n');
    git(dir, 'commit', '--quiet', '-am', 'Quickstart in git');
    const clashed = await syncOnce(loaded);
    expect(clashed.failures).toEqual([expect.objectContaining({ code: 'E_PLATFORM_EDITS_CONFLICT', exitCode: 8 })]);

    // Nothing changed since: the markers are still on the branch, so the run is no success.
    const again = await syncOnce(loaded);
    expect(again.failures).toEqual([
      expect.objectContaining({ code: 'E_PLATFORM_EDITS_CONFLICT', exitCode: 8, file: `docs/${PAGE}`, error: expect.stringContaining(`docs/${PAGE}:3`) }),
    ]);

    // Resolved on the branch: the next run is clean.
    const clone = await makeTempDir('docsync-clone-');
    git(clone, 'clone', '--quiet', '--branch', BRANCH, remote, '.');
    expect(await readFile(join(clone, 'docs', PAGE), 'utf8')).toContain('<<<<<<< git');
    await writeFile(join(clone, 'docs', PAGE), '# Quickstart\n\nBoth agree on this.\n');
    git(clone, '-c', 'user.name=Reviewer', '-c', 'user.email=reviewer@example.com', 'commit', '--quiet', '-am', 'Resolved');
    git(clone, 'push', '--quiet', 'origin', BRANCH);
    expect((await syncOnce(loaded)).failures).toEqual([]);
  });

  it("exits 8 naming SUMMARY.md and its line where the branch's listing and the platform's next one clash", async () => {
    const { dir } = await repoWorkspace();
    const loaded = configFor(emulator, dir, { changeRequest: { autoMerge: true }, platformEdits: 'preserve' });
    expect((await syncOnce(loaded)).failures).toEqual([]);
    // Retitled in the platform: kept on the branch, git's title live again; then the page moved there.
    await editPageInPlatform(emulator, 'space-docs', { title: 'Quickstart', newTitle: 'First steps' });
    expect((await syncOnce(loaded)).failures).toEqual([]);
    await editPageInPlatform(emulator, 'space-docs', { move: 'Quickstart', into: null, at: 0 });
    const clashed = await syncOnce(loaded);
    expect(clashed.failures).toEqual([
      expect.objectContaining({ code: 'E_PLATFORM_EDITS_CONFLICT', exitCode: 8, error: expect.stringMatching(/docs\/SUMMARY\.md:\d+/) }),
    ]);
    expect(clashed.results[0]?.platformEdits?.pages).toContainEqual({ file: 'docs/SUMMARY.md', outcome: 'conflict', line: expect.any(Number) });
    // Run again, with state and without: the markers in SUMMARY.md still stand.
    for (const stateless of [false, true]) {
      if (stateless) await rm(join(dir, '.docsync'), { recursive: true, force: true });
      expect((await syncOnce(loaded)).failures).toEqual([expect.objectContaining({ code: 'E_PLATFORM_EDITS_CONFLICT', file: 'docs/SUMMARY.md' })]);
    }
  });
});
