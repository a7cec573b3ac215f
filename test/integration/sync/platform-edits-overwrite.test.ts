import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { startTestEmulator } from '../../support/emulator-harness.js';
import { editPageInPlatform } from '../../support/edit-page-in-platform.js';
import { liveMarkdown, repoWorkspace } from '../../support/platform-edits-workspace.js';
import { configFor, syncOnce } from '../../support/sync-harness.js';
import { git, removeTempDirs } from '../../support/temp-tree.js';

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

describe('platformEdits: overwrite', () => {
  it('warns that it discards a platform edit, naming the page, in a dry run and in the sync that does it', async () => {
    const { dir, docs } = await repoWorkspace();
    const loaded = configFor(emulator, dir, { changeRequest: { autoMerge: true }, platformEdits: 'overwrite' });
    expect((await syncOnce(loaded)).failures).toEqual([]);
    const original = await liveMarkdown(emulator, 'space-docs', 'Quickstart');
    await editPageInPlatform(emulator, 'space-docs', { title: 'Quickstart', markdown: `${original}\nThe editor's line.\n` });
    await writeFile(join(docs, PAGE), `${await readFile(join(docs, PAGE), 'utf8')}\nGit's line.\n`);
    git(dir, 'commit', '--quiet', '-am', 'Quickstart in git');

    const dry = await syncOnce(loaded, true);
    expect(dry.results[0]?.warnings).toContain(
      'platformEdits: overwrite would discard what was edited in the platform since the last sync of getting-started/quickstart.md (platformEdits: preserve keeps such edits on a branch)',
    );
    const synced = await syncOnce(loaded);
    expect(synced.failures).toEqual([]);
    expect(synced.results[0]?.warnings).toContain(
      'platformEdits: overwrite discards what was edited in the platform since the last sync of getting-started/quickstart.md (platformEdits: preserve keeps such edits on a branch)',
    );
    expect(await liveMarkdown(emulator, 'space-docs', 'Quickstart')).not.toContain("The editor's line.");
  });

  it('says nothing when no page edited in the platform is written over', async () => {
    const { dir, docs } = await repoWorkspace();
    const loaded = configFor(emulator, dir, { changeRequest: { autoMerge: true }, platformEdits: 'overwrite' });
    expect((await syncOnce(loaded)).failures).toEqual([]);
    await writeFile(join(docs, PAGE), `${await readFile(join(docs, PAGE), 'utf8')}\nGit's line.\n`);
    git(dir, 'commit', '--quiet', '-am', 'Quickstart in git');
    const synced = await syncOnce(loaded);
    expect(synced.results[0]?.warnings.filter((warning) => warning.includes('overwrite'))).toEqual([]);
  });
});
