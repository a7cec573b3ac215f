import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ContractName } from '../../../src/api/contracts/api-contract.js';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { startTestEmulator } from '../../support/emulator-harness.js';
import { editPageInPlatform } from '../../support/edit-page-in-platform.js';
import { liveMarkdown, repoWorkspace } from '../../support/platform-edits-workspace.js';
import { configFor, syncOnce } from '../../support/sync-harness.js';
import { git, removeTempDirs } from '../../support/temp-tree.js';

// `platformEdits: overwrite` keeps nothing, but names each page whose platform edit it discards: on a
// runner without state (no record of what it delivered) and on the seed's API (an import) too.
const PAGE = 'getting-started/quickstart.md';
const FAQ = 'faq/README.md';

afterAll(() => removeTempDirs());

const warning = (discards: string, pages: string): string =>
  `platformEdits: overwrite ${discards} what was edited in the platform since the last sync of ${pages} (platformEdits: preserve keeps such edits on a branch)`;

/** A repo synced under `overwrite`, then `PAGE` edited in the platform and `FAQ` in git. */
async function editedOnBothSides(emulator: RunningEmulator, edit: 'page' | 'none') {
  const { dir, docs } = await repoWorkspace();
  const loaded = configFor(emulator, dir, { changeRequest: { autoMerge: true }, platformEdits: 'overwrite' });
  expect((await syncOnce(loaded)).failures).toEqual([]);
  if (edit === 'page') {
    const original = await liveMarkdown(emulator, 'space-docs', 'Quickstart');
    await editPageInPlatform(emulator, 'space-docs', { title: 'Quickstart', gitPath: PAGE, markdown: `${original}\nThe editor's line.\n` });
  }
  await writeFile(join(docs, FAQ), `${await readFile(join(docs, FAQ), 'utf8')}\nGit's line.\n`);
  git(dir, 'commit', '--quiet', '-am', 'FAQ in git');
  return { dir, loaded };
}

for (const contract of ['current', 'seed'] as const satisfies readonly ContractName[])
  describe(`platformEdits: overwrite on the ${contract} contract`, () => {
    let emulator: RunningEmulator;
    beforeAll(async () => {
      emulator = await startTestEmulator({ contract, strict: false });
    });
    beforeEach(() => emulator.reset());
    afterAll(() => emulator.close());

    for (const stateless of contract === 'seed' ? [false, true] : [true])
      it(`${stateless ? 'without' : 'with'} state: warns that it discards a platform edit, naming the page, in a dry run and in the sync that does it`, async () => {
        const { dir, loaded } = await editedOnBothSides(emulator, 'page');
        const forget = async () => {
          if (stateless) await rm(join(dir, '.docsync'), { recursive: true, force: true });
        };

        await forget();
        const dry = await syncOnce(loaded, true);
        expect(dry.results[0]?.warnings).toContain(warning('would discard', PAGE));
        await forget();
        const synced = await syncOnce(loaded);
        expect(synced.failures).toEqual([]);
        expect(synced.results[0]?.warnings).toContain(warning('discards', PAGE));
        expect(await liveMarkdown(emulator, 'space-docs', 'Quickstart')).not.toContain("The editor's line.");
      });

    for (const stateless of contract === 'seed' ? [false, true] : [true])
      it(`${stateless ? 'without' : 'with'} state: says nothing when no page was edited in the platform`, async () => {
        const { dir, loaded } = await editedOnBothSides(emulator, 'none');
        if (stateless) await rm(join(dir, '.docsync'), { recursive: true, force: true });
        const synced = await syncOnce(loaded);
        expect(synced.failures).toEqual([]);
        expect(synced.results[0]?.outcome).not.toBe('skipped');
        expect(synced.results[0]?.warnings.filter((text) => text.includes('overwrite'))).toEqual([]);
      });
  });
