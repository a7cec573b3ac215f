import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { EXIT } from '../../../src/failure/exit-codes.js';
import { formatHuman, formatJson } from '../../../src/cli/sync-report.js';
import { startTestEmulator } from '../../support/emulator-harness.js';
import { editPageInPlatform } from '../../support/edit-page-in-platform.js';
import { repoWorkspace } from '../../support/platform-edits-workspace.js';
import { configFor, syncOnce } from '../../support/sync-harness.js';
import { removeTempDirs } from '../../support/temp-tree.js';

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startTestEmulator({ contract: 'seed' });
});
afterAll(async () => {
  await emulator.close();
  await removeTempDirs();
});

const PASSWORD = 'hunter2-Secret-pw';

describe('platformEditsRemote given as a URL with a password', () => {
  it('is named without its password when the repository has no such remote, and nothing is written', async () => {
    const { dir } = await repoWorkspace({ remote: false });
    const target = { mode: 'direct', delivery: 'import' };
    await syncOnce(configFor(emulator, dir, target));
    await editPageInPlatform(emulator, 'space-docs', { gitPath: 'getting-started/quickstart.md', markdown: '# Quickstart\n\nEdited in the editor.\n' });
    await rm(join(dir, '.docsync'), { recursive: true, force: true });
    const before = emulator.stats().writes;
    const report = await syncOnce(configFor(emulator, dir, { ...target, platformEditsRemote: `https://docs-bot:${PASSWORD}@git.example/docs.git` }));
    expect(emulator.stats().writes - before).toBe(0);
    expect(report.failures).toEqual([expect.objectContaining({ code: 'E_PLATFORM_EDITS_NO_REMOTE', exitCode: EXIT.config })]);
    expect(report.failures[0]?.error).toContain('no remote named "https://docs-bot:***@git.example/docs.git"');
    for (const output of [formatHuman(report, false), formatJson(report)]) expect(output).not.toContain(PASSWORD);
  });
});
