import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { EXIT } from '../../../src/failure/exit-codes.js';
import { startTestEmulator } from '../../support/emulator-harness.js';
import { editPageInPlatform } from '../../support/edit-page-in-platform.js';
import { configFor, syncOnce } from '../../support/sync-harness.js';
import { git, makeTempDir, removeTempDirs } from '../../support/temp-tree.js';
import { liveMarkdown, repoWorkspace } from '../../support/platform-edits-workspace.js';

const PAGE = 'getting-started/quickstart.md';

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startTestEmulator({ contract: 'current', strict: false });
});
afterAll(async () => {
  await emulator.close();
  await removeTempDirs();
});
beforeEach(() => emulator.reset());

describe('an unreachable platform-edits remote', () => {
  it("stops the sync before overwriting anything, with exit 7 and git's reason", async () => {
    const { dir } = await repoWorkspace();
    const loaded = configFor(emulator, dir, { changeRequest: { autoMerge: true } });
    expect((await syncOnce(loaded)).failures).toEqual([]);
    await editPageInPlatform(emulator, 'space-docs', { gitPath: PAGE, title: 'Quickstart', markdown: '# Quickstart\n\nEdited in the editor.\n' });
    // The remote is gone: a folder that is no repository.
    git(dir, 'remote', 'set-url', 'origin', join(await makeTempDir('docsync-gone-'), 'missing.git'));
    git(dir, 'commit', '--quiet', '--allow-empty', '-m', 'Nothing');
    const before = emulator.stats().writes;
    const report = await syncOnce(loaded, false);
    expect(report.failures).toEqual([expect.objectContaining({ target: 'docs', code: 'E_CONTENT_GIT_REMOTE', exitCode: EXIT.platformEditsPush })]);
    expect(report.failures[0]?.error).toMatch(/could not be reached to read the platform-edits branch/);
    expect(emulator.stats().writes - before).toBe(0);
    expect(await liveMarkdown(emulator, 'space-docs', 'Quickstart')).toBe('# Quickstart\n\nEdited in the editor.\n');
  });
});
