import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { startTestEmulator } from '../../support/emulator-harness.js';
import { editPageInPlatform } from '../../support/edit-page-in-platform.js';
import { commitWithRemote } from '../../support/platform-edits-workspace.js';
import { configFor, exampleWorkspace, syncOnce } from '../../support/sync-harness.js';
import { removeTempDirs } from '../../support/temp-tree.js';

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startTestEmulator({ contract: 'current', strict: false });
});
afterAll(async () => {
  await emulator.close();
  await removeTempDirs();
});
beforeEach(() => emulator.reset());

describe("a no-op after docsync's own merge, on today's API", () => {
  it("reads main's revision only: the one the merge made holds the content; an edit in the platform since is still found", async () => {
    const { dir } = await exampleWorkspace();
    await commitWithRemote(dir, ['docs']);
    const loaded = configFor(emulator, dir, { changeRequest: { autoMerge: true } });
    const first = await syncOnce(loaded);
    expect(first.failures).toEqual([]);
    expect(first.results[0]?.outcome).toBe('merged');

    const before = emulator.stats().total;
    const again = await syncOnce(loaded);
    expect(again.results[0]?.outcome).toBe('skipped');
    expect(emulator.stats().total - before).toBe(1);

    await editPageInPlatform(emulator, 'space-docs', {
      gitPath: 'getting-started/quickstart.md',
      title: 'Quickstart',
      markdown: '# Quickstart\n\nEdited in the editor.\n',
    });
    const noticed = await syncOnce(loaded);
    expect(noticed.failures).toEqual([]);
    expect(noticed.results[0]?.platformEdits?.pages.map((page) => page.file)).toEqual(['docs/getting-started/quickstart.md']);
  });
});
