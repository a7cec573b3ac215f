import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { EXIT } from '../../../src/failure/exit-codes.js';
import { startTestEmulator } from '../../support/emulator-harness.js';
import { editPageInPlatform } from '../../support/edit-page-in-platform.js';
import { repoWorkspace } from '../../support/platform-edits-workspace.js';
import { configFor, syncOnce } from '../../support/sync-harness.js';
import { git, removeTempDirs } from '../../support/temp-tree.js';

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startTestEmulator({ contract: 'seed' });
});
afterAll(async () => {
  await emulator.close();
  await removeTempDirs();
});

describe('platformEditsBranch naming the branch checked out', () => {
  it('is refused when a platform edit is to be kept: exit 2, named, no commit, no API write', async () => {
    const { dir } = await repoWorkspace();
    // A valid name at load; only at run time is it the branch being synced.
    git(dir, 'checkout', '--quiet', '-b', 'docs-work');
    const target = { mode: 'direct', delivery: 'import', platformEditsBranch: 'docs-work' };
    await syncOnce(configFor(emulator, dir, target));
    await editPageInPlatform(emulator, 'space-docs', { gitPath: 'getting-started/quickstart.md', markdown: '# Quickstart\n\nEdited in the editor.\n' });
    await rm(join(dir, '.docsync'), { recursive: true, force: true });
    const head = git(dir, 'rev-parse', 'HEAD');
    const quickstart = await readFile(join(dir, 'docs/getting-started/quickstart.md'), 'utf8');
    const before = emulator.stats().writes;

    const report = await syncOnce(configFor(emulator, dir, target));
    expect(report.failures).toEqual([expect.objectContaining({ code: 'E_PLATFORM_EDITS_BRANCH', exitCode: EXIT.config })]);
    expect(report.failures[0]?.error).toContain('platformEditsBranch of docs: "docs-work" is the branch checked out and synced');
    expect(emulator.stats().writes - before).toBe(0);
    // The checkout is as it was: no commit on it, no file changed.
    expect(git(dir, 'rev-parse', 'HEAD')).toBe(head);
    expect(git(dir, 'status', '--porcelain', '--', 'docs')).toBe('');
    expect(await readFile(join(dir, 'docs/getting-started/quickstart.md'), 'utf8')).toBe(quickstart);
  });
});
