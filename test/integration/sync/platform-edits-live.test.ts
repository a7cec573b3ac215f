import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoadedConfig } from '../../../src/config/load-config.js';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { EXIT } from '../../../src/failure/exit-codes.js';
import { startTestEmulator } from '../../support/emulator-harness.js';
import { editPageInPlatform } from '../../support/edit-page-in-platform.js';
import { configFor, exampleWorkspace, syncOnce } from '../../support/sync-harness.js';
import { git, removeTempDirs } from '../../support/temp-tree.js';
import { commitWithRemote, liveMarkdown, reconcilePass } from '../../support/platform-edits-workspace.js';

// Pages that go live with other content than git's: kept from the platform (`adopt`), or merged three ways.
const PAGE = 'getting-started/quickstart.md';
const OTHER = 'faq/duplicates.md';
const BRANCH = 'docsync/platform-edits/docs';

// The seed's API takes a zip import (into a change request, or the space: then pages left live carry
// the blob id of what was imported); today's takes page batches.
const CONTRACTS = {
  seed: { options: { contract: 'seed' }, target: { changeRequest: { autoMerge: true }, delivery: 'import' } },
  'seed, direct': { options: { contract: 'seed' }, target: { mode: 'direct', delivery: 'import' } },
  current: { options: { contract: 'current', strict: false }, target: { changeRequest: { autoMerge: true } } },
} as const;

afterAll(() => removeTempDirs());

for (const [contract, setup] of Object.entries(CONTRACTS)) {
  describe(`platform edits going live (${contract} contract)`, () => {
    let emulator: RunningEmulator;
    beforeAll(async () => {
      emulator = await startTestEmulator(setup.options);
    });
    afterAll(() => emulator.close());

    /** The example docs committed in a repository whose `origin` is a local bare repository, synced once. */
    async function syncedRepo(target: Record<string, unknown>): Promise<{ dir: string; docs: string; remote: string; loaded: LoadedConfig }> {
      emulator.reset();
      const { dir, docs } = await exampleWorkspace();
      const remote = await commitWithRemote(dir, ['docs']);
      const loaded = configFor(emulator, dir, { ...setup.target, ...target });
      expect((await syncOnce(loaded)).failures).toEqual([]);
      return { dir, docs, remote, loaded };
    }

    /** A sync as `sync --once` runs it, and the writes it made. */
    async function sync(loaded: LoadedConfig) {
      const before = emulator.stats().writes;
      const report = await syncOnce(loaded);
      return { report, result: report.results[0], writes: emulator.stats().writes - before };
    }

    /** The platform-edits branch merged into the synced branch, as a reviewer merges its pull request. */
    function mergeBranch(dir: string): void {
      git(dir, 'fetch', '--quiet', 'origin', BRANCH);
      git(dir, 'merge', '--quiet', '--ff-only', 'FETCH_HEAD');
    }

    it("adopt: a page edited only in the platform stays live and goes to the branch while git's other change goes live; then nothing is left to sync", async () => {
      const { dir, docs, remote, loaded } = await syncedRepo({ platformEdits: 'adopt' });
      const edited = '# Quickstart\n\nEdited in the editor.\n';
      await editPageInPlatform(emulator, 'space-docs', { gitPath: PAGE, title: 'Quickstart', markdown: edited });
      await writeFile(join(docs, OTHER), '# Can docsync open two change requests?\n\nNo, changed in git.\n');
      git(dir, 'commit', '--quiet', '-am', 'FAQ');
      const synced = git(dir, 'rev-parse', 'HEAD').trim();

      const first = await sync(loaded);
      expect(first.report.failures).toEqual([]);
      expect(first.result?.platformEdits).toMatchObject({ branch: BRANCH, pages: [{ file: `docs/${PAGE}`, outcome: 'edited' }], conflicts: 0, pushed: true });
      expect(first.writes).toBeGreaterThan(0);
      expect(await liveMarkdown(emulator, 'space-docs', 'Quickstart')).toBe(edited);
      expect(await liveMarkdown(emulator, 'space-docs', 'Can docsync open two change requests?')).toContain('No, changed in git.');
      expect(git(remote, 'show', `${BRANCH}:docs/${PAGE}`)).toBe(edited);

      // Held live: neither the next sync nor a reconcile pass fights the platform's version.
      expect((await sync(loaded)).writes).toBe(0);
      expect((await reconcilePass(emulator, loaded)).writes).toBe(0);
      expect(await liveMarkdown(emulator, 'space-docs', 'Quickstart')).toBe(edited);

      // Once the branch is merged into the synced branch, nothing is left to sync for that page.
      mergeBranch(dir);
      expect(await readFile(join(docs, PAGE), 'utf8')).toBe(edited);
      const merged = await sync(loaded);
      expect(merged.report.failures).toEqual([]);
      expect(merged.result?.platformEdits).toBeUndefined();
      expect(merged.writes).toBe(0);
      expect((await reconcilePass(emulator, loaded)).writes).toBe(0);
      expect(git(remote, 'rev-list', '--count', `${synced}..${BRANCH}`).trim()).toBe('1');
    });

    it('a page changed on both sides apart goes live merged and to the branch; then nothing is left to sync', async () => {
      const { dir, docs, remote, loaded } = await syncedRepo({});
      const original = await readFile(join(docs, PAGE), 'utf8');
      const platform = `${original}\nAdded in the editor.\n`;
      const fromGit = original.replace('# Quickstart\n', '# Quickstart\n\nChanged in git.\n');
      await editPageInPlatform(emulator, 'space-docs', { gitPath: PAGE, title: 'Quickstart', markdown: platform });
      await writeFile(join(docs, PAGE), fromGit);
      git(dir, 'commit', '--quiet', '-am', 'Quickstart in git');

      const first = await sync(loaded);
      expect(first.report.failures).toEqual([]);
      expect(first.result?.platformEdits).toMatchObject({ pages: [{ file: `docs/${PAGE}`, outcome: 'merged' }], conflicts: 0, pushed: true });
      const mergedText = `${fromGit}\nAdded in the editor.\n`;
      expect(git(remote, 'show', `${BRANCH}:docs/${PAGE}`)).toBe(mergedText);
      expect(await liveMarkdown(emulator, 'space-docs', 'Quickstart')).toBe(mergedText);

      expect((await sync(loaded)).writes).toBe(0);
      expect((await reconcilePass(emulator, loaded)).writes).toBe(0);
      expect(await liveMarkdown(emulator, 'space-docs', 'Quickstart')).toBe(mergedText);

      mergeBranch(dir);
      const merged = await sync(loaded);
      expect(merged.report.failures).toEqual([]);
      expect(merged.writes).toBe(0);
      expect((await reconcilePass(emulator, loaded)).writes).toBe(0);
    });

    it('overlapping changes under adopt: the page is left as the platform has it, the branch gets the markers, exit 8', async () => {
      const { dir, docs, remote, loaded } = await syncedRepo({ platformEdits: 'adopt' });
      const original = await readFile(join(docs, PAGE), 'utf8');
      const platform = original.replace('# Quickstart\n', '# Quickstart\n\nThe editor says this.\n');
      await editPageInPlatform(emulator, 'space-docs', { gitPath: PAGE, title: 'Quickstart', markdown: platform });
      await writeFile(join(docs, PAGE), original.replace('# Quickstart\n', '# Quickstart\n\nGit says that.\n'));
      await writeFile(join(docs, OTHER), '# Can docsync open two change requests?\n\nNo, changed in git.\n');
      git(dir, 'commit', '--quiet', '-am', 'Both');

      const first = await sync(loaded);
      expect(first.report.failures).toEqual([
        expect.objectContaining({ exitCode: EXIT.platformEditsConflict, error: expect.stringContaining('left live as the platform has them') }),
      ]);
      expect(first.result?.platformEdits).toMatchObject({ pages: [{ file: `docs/${PAGE}`, outcome: 'conflict' }], conflicts: 1 });
      expect(git(remote, 'show', `${BRANCH}:docs/${PAGE}`)).toContain('<<<<<<< git');
      expect(await liveMarkdown(emulator, 'space-docs', 'Quickstart')).toBe(platform);
      expect(await liveMarkdown(emulator, 'space-docs', 'Can docsync open two change requests?')).toContain('No, changed in git.');
    });
  });
}
