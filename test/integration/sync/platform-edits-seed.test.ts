import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { call, json, startTestEmulator } from '../../support/emulator-harness.js';
import { editPageInPlatform } from '../../support/edit-page-in-platform.js';
import { repoWorkspace } from '../../support/platform-edits-workspace.js';
import { configFor, syncOnce } from '../../support/sync-harness.js';
import { git, removeTempDirs } from '../../support/temp-tree.js';

// The seed's API (contract `2025`): content goes in as a zip import, pages carry their git source.
const PAGE = 'getting-started/quickstart.md';
const BRANCH = 'docsync/platform-edits/docs';

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startTestEmulator({ contract: 'seed', strict: false });
});
afterAll(async () => {
  await emulator.close();
  await removeTempDirs();
});
beforeEach(() => emulator.reset());

type LivePage = { title: string; type: string; pages?: LivePage[] };
async function liveTitles(): Promise<string[]> {
  const flat = (list: readonly LivePage[]): LivePage[] => list.flatMap((page) => [page, ...flat(page.pages ?? [])]);
  const pages = json((await call(emulator, 'GET', '/v1/spaces/space-docs/content/pages')).body).pages as LivePage[];
  return flat(pages)
    .filter((page) => page.type === 'document')
    .map((page) => page.title);
}

describe("platform edits on the seed's API", () => {
  for (const platformEdits of ['preserve', 'adopt'] as const)
    for (const stateless of [false, true]) {
      it(`${platformEdits}, ${stateless ? 'without' : 'with'} state: a page deleted in the platform goes to the branch as a deletion${platformEdits === 'adopt' ? ' and stays deleted' : ''}`, async () => {
        const { dir, docs, remote } = await repoWorkspace();
        const loaded = configFor(emulator, dir, { changeRequest: { autoMerge: true }, platformEdits });
        expect((await syncOnce(loaded)).failures).toEqual([]);
        await editPageInPlatform(emulator, 'space-docs', { remove: PAGE });
        const faq = join(docs, 'faq/README.md');
        await writeFile(faq, `${await readFile(faq, 'utf8')}\nA git change.\n`);
        git(dir, 'commit', '--quiet', '-am', 'A git change');
        if (stateless) await rm(join(dir, '.docsync'), { recursive: true, force: true });

        const report = await syncOnce(loaded);
        expect(report.failures).toEqual([]);
        expect(report.results[0]?.platformEdits?.pages).toEqual([{ file: `docs/${PAGE}`, outcome: 'removed' }]);
        expect(() => git(remote, 'show', `${BRANCH}:docs/${PAGE}`)).toThrow();
        expect(git(remote, 'show', `${BRANCH}:docs/SUMMARY.md`)).not.toContain(PAGE);
        expect((await liveTitles()).includes('Quickstart')).toBe(platformEdits === 'preserve');
      });
    }
});
