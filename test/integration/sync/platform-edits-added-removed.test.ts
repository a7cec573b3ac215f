import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoadedConfig } from '../../../src/config/load-config.js';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { call, json, startTestEmulator } from '../../support/emulator-harness.js';
import { editPageInPlatform } from '../../support/edit-page-in-platform.js';
import { configFor, exampleWorkspace, syncOnce } from '../../support/sync-harness.js';
import { git, removeTempDirs } from '../../support/temp-tree.js';
import { commitWithRemote, liveMarkdown, reconcilePass } from '../../support/platform-edits-workspace.js';

// Pages added and removed in the platform, while git changes another page.
const REMOVED = 'getting-started/installation.md';
const ADDED = 'made-in-the-editor.md';
const ADDED_TEXT = '# Made in the editor\n\nNew.\n';
const GIT_ONLY = 'faq/duplicates.md';
const BRANCH = 'docsync/platform-edits/docs';

// The seed's API takes a zip import; today's takes page batches.
const CONTRACTS = {
  seed: { options: { contract: 'seed' }, target: { changeRequest: { autoMerge: true }, delivery: 'import' } },
  current: { options: { contract: 'current', strict: false }, target: { changeRequest: { autoMerge: true } } },
} as const;

afterAll(() => removeTempDirs());

for (const [contract, setup] of Object.entries(CONTRACTS)) {
  describe(`pages added and removed in the platform (${contract} contract)`, () => {
    let emulator: RunningEmulator;
    beforeAll(async () => {
      emulator = await startTestEmulator(setup.options);
    });
    afterAll(() => emulator.close());

    /** The example docs synced once, then a page removed and one added in the editor, and another page changed in git. */
    async function editedOnBothSides(platformEdits: 'preserve' | 'adopt'): Promise<{ dir: string; docs: string; remote: string; loaded: LoadedConfig }> {
      emulator.reset();
      const { dir, docs } = await exampleWorkspace();
      const remote = await commitWithRemote(dir, ['docs']);
      const loaded = configFor(emulator, dir, { ...setup.target, platformEdits });
      expect((await syncOnce(loaded)).failures).toEqual([]);
      await editPageInPlatform(emulator, 'space-docs', { remove: REMOVED, title: 'Installation' });
      await editPageInPlatform(emulator, 'space-docs', { add: 'Made in the editor', markdown: ADDED_TEXT });
      await writeFile(join(docs, GIT_ONLY), `${await readFile(join(docs, GIT_ONLY), 'utf8')}\nChanged in git.\n`);
      git(dir, 'commit', '--quiet', '-am', 'FAQ');
      return { dir, docs, remote, loaded };
    }

    async function sync(loaded: LoadedConfig) {
      const before = emulator.stats().writes;
      const report = await syncOnce(loaded);
      return { report, result: report.results[0], writes: emulator.stats().writes - before };
    }

    /** Titles of the space's live document pages. */
    async function liveTitles(): Promise<string[]> {
      type Live = { title: string; type: string; pages?: Live[] };
      const flat = (list: readonly Live[]): Live[] => list.flatMap((page) => [page, ...flat(page.pages ?? [])]);
      const pages = json((await call(emulator, 'GET', '/v1/spaces/space-docs/content/pages')).body).pages as Live[];
      return flat(pages)
        .filter((page) => page.type === 'document')
        .map((page) => page.title);
    }

    function expectOnBranch(remote: string): void {
      expect(git(remote, 'show', `${BRANCH}:docs/${ADDED}`)).toBe(ADDED_TEXT);
      const summary = git(remote, 'show', `${BRANCH}:docs/SUMMARY.md`);
      expect(summary).not.toContain('installation.md');
      expect(summary.trimEnd().split('\n').at(-1)).toBe(`* [Made in the editor](${ADDED})`);
      expect(git(remote, 'ls-tree', '--name-only', `${BRANCH}:docs/getting-started`).trim()).toBe('quickstart.md');
    }

    it("preserve: both go to the branch, then git's pages are live again; the next sync writes nothing", async () => {
      const { remote, loaded } = await editedOnBothSides('preserve');
      const first = await sync(loaded);
      expect(first.report.failures).toEqual([]);
      expect(first.result?.platformEdits?.pages).toEqual([
        { file: `docs/${REMOVED}`, outcome: 'removed' },
        { file: `docs/${ADDED}`, outcome: 'edited' },
      ]);
      expectOnBranch(remote);
      const titles = await liveTitles();
      expect(titles).toContain('Installation');
      expect(titles).not.toContain('Made in the editor');
      expect(await liveMarkdown(emulator, 'space-docs', 'Can docsync open two change requests?')).toContain('Changed in git.');

      const again = await sync(loaded);
      expect(again.result?.platformEdits).toBeUndefined();
      expect(again.writes).toBe(0);
      expect((await reconcilePass(emulator, loaded)).writes).toBe(0);
    });

    it("adopt: both stay as the platform has them and go to the branch while git's change goes live; once merged, nothing is left to sync", async () => {
      const { dir, remote, loaded } = await editedOnBothSides('adopt');
      const first = await sync(loaded);
      expect(first.report.failures).toEqual([]);
      expect(first.result?.platformEdits).toMatchObject({
        pages: [
          { file: `docs/${REMOVED}`, outcome: 'removed' },
          { file: `docs/${ADDED}`, outcome: 'edited' },
        ],
        conflicts: 0,
        pushed: true,
      });
      expectOnBranch(remote);
      const expectAsThePlatformHasThem = async (): Promise<void> => {
        const titles = await liveTitles();
        expect(titles).not.toContain('Installation');
        expect(titles).toContain('Made in the editor');
        expect(await liveMarkdown(emulator, 'space-docs', 'Made in the editor')).toBe(ADDED_TEXT);
      };
      await expectAsThePlatformHasThem();
      expect(await liveMarkdown(emulator, 'space-docs', 'Can docsync open two change requests?')).toContain('Changed in git.');

      // Neither the next sync nor a reconcile pass brings git's pages back.
      const again = await sync(loaded);
      expect(again.report.failures).toEqual([]);
      expect(again.writes).toBe(0);
      expect((await reconcilePass(emulator, loaded)).writes).toBe(0);
      await expectAsThePlatformHasThem();

      // The branch merged into the synced branch, as a reviewer merges its pull request: git holds what is live.
      git(dir, 'fetch', '--quiet', 'origin', BRANCH);
      git(dir, 'merge', '--quiet', '--ff-only', 'FETCH_HEAD');
      const merged = await sync(loaded);
      expect(merged.report.failures).toEqual([]);
      expect(merged.result?.platformEdits).toBeUndefined();
      expect(merged.writes).toBe(0);
      expect((await reconcilePass(emulator, loaded)).writes).toBe(0);
      await expectAsThePlatformHasThem();
    });

    it('adopt: once on the branch, the next runs (with state or without) report them no more, until the platform changes them again', async () => {
      const { dir, remote, loaded } = await editedOnBothSides('adopt');
      expect((await sync(loaded)).result?.platformEdits).toMatchObject({
        pages: [
          { file: `docs/${REMOVED}`, outcome: 'removed' },
          { file: `docs/${ADDED}`, outcome: 'edited' },
        ],
        pushed: true,
      });
      const tip = git(remote, 'rev-parse', BRANCH).trim();

      const again = await sync(loaded);
      expect(again.report.failures).toEqual([]);
      expect(again.result?.platformEdits).toBeUndefined();
      expect((await reconcilePass(emulator, loaded)).result.platformEdits).toBeUndefined();
      // A runner without state; the state of this one kept aside and put back.
      const stateless = async (): Promise<void> => {
        await rename(join(dir, '.docsync'), join(dir, '.docsync-aside'));
        const run = await sync(loaded);
        await rm(join(dir, '.docsync'), { recursive: true, force: true });
        await rename(join(dir, '.docsync-aside'), join(dir, '.docsync'));
        expect(run.report.failures).toEqual([]);
        expect(run.result?.platformEdits).toBeUndefined();
        expect(run.writes).toBe(0);
        const titles = await liveTitles();
        expect(titles).not.toContain('Installation');
        expect(titles).toContain('Made in the editor');
      };
      await stateless();
      expect(git(remote, 'rev-parse', BRANCH).trim()).toBe(tip);

      // Edited again in the platform: that page alone is new to the branch.
      await editPageInPlatform(emulator, 'space-docs', { title: 'Made in the editor', markdown: `${ADDED_TEXT}\nEdited again.\n` });
      const edited = await sync(loaded);
      expect(edited.report.failures).toEqual([]);
      expect(edited.result?.platformEdits).toMatchObject({ pages: [{ file: `docs/${ADDED}`, outcome: 'edited' }], conflicts: 0, pushed: true });
      expect(git(remote, 'show', `${BRANCH}:docs/${ADDED}`)).toBe(`${ADDED_TEXT}\nEdited again.\n`);
      expect(git(remote, 'log', '-1', '--format=%s', BRANCH).trim()).toBe('Platform edits of docs (1 page)');
      expect((await sync(loaded)).result?.platformEdits).toBeUndefined();

      await stateless();
    });
  });
}
