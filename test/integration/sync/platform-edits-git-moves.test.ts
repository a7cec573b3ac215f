import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { call, json, startTestEmulator } from '../../support/emulator-harness.js';
import { repoWorkspace } from '../../support/platform-edits-workspace.js';
import { configFor, syncOnce } from '../../support/sync-harness.js';
import { git, removeTempDirs } from '../../support/temp-tree.js';

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startTestEmulator({ contract: 'current', strict: false });
});
afterAll(async () => {
  await emulator.close();
  await removeTempDirs();
});
beforeEach(() => emulator.reset());

type LivePage = { title: string; pages?: LivePage[] };
const flat = (pages: readonly LivePage[]): LivePage[] => pages.flatMap((page) => [page, ...flat(page.pages ?? [])]);

describe('a page moved in git', () => {
  for (const stateless of [false, true]) {
    it(`${stateless ? 'without' : 'with'} state: goes where git says, and is no platform edit`, async () => {
      const { dir, docs } = await repoWorkspace();
      const loaded = configFor(emulator, dir, { changeRequest: { autoMerge: true } });
      expect((await syncOnce(loaded)).failures).toEqual([]);
      const summary = join(docs, 'SUMMARY.md');
      const text = await readFile(summary, 'utf8');
      const ci = '  * [Syncing from CI](guides/ci.md)\n';
      await writeFile(summary, text.replace(ci, '').replace('* [Guides](guides/README.md)\n', `* [Guides](guides/README.md)\n${ci}`));
      git(dir, 'commit', '--quiet', '-am', 'CI first');
      if (stateless) await rm(join(dir, '.docsync'), { recursive: true, force: true });

      const report = await syncOnce(loaded);
      expect(report.failures).toEqual([]);
      expect(report.results[0]?.platformEdits).toBeUndefined();
      const pages = json((await call(emulator, 'GET', '/v1/spaces/space-docs/content/pages')).body).pages as LivePage[];
      // "Guides" sits in the page of its group's title (groups: pages).
      expect(flat(pages).find((page) => page.title === 'Guides')?.pages?.[0]?.title).toBe('Syncing from CI');
    });
  }
});
