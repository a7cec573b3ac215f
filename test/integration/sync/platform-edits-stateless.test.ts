import { readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { startTestEmulator } from '../../support/emulator-harness.js';
import { editPageInPlatform } from '../../support/edit-page-in-platform.js';
import { EXAMPLE_DOCS, configFor, exampleWorkspace, syncOnce } from '../../support/sync-harness.js';
import { git, removeTempDirs } from '../../support/temp-tree.js';
import { commitWithRemote, liveMarkdown } from '../../support/platform-edits-workspace.js';

const BRANCH = 'docsync/platform-edits/docs';
const EDITED = 'getting-started/quickstart.md';
const BOTH = 'getting-started/installation.md';
const GIT_ONLY = 'faq/duplicates.md';

// The seed's API imports zips (pages keep their git source); today's takes page batches (they lose it).
const CONTRACTS = {
  seed: { contract: 'seed', target: { changeRequest: { autoMerge: true }, delivery: 'import' } },
  current: { contract: 'current', target: { changeRequest: { autoMerge: true } } },
} as const;

afterAll(() => removeTempDirs());

for (const [name, { contract, target }] of Object.entries(CONTRACTS)) {
  describe(`a runner without .docsync/ decides as one with state (${name} contract)`, () => {
    let emulator: RunningEmulator;
    beforeAll(async () => {
      emulator = await startTestEmulator({ contract, strict: false });
    });
    afterAll(() => emulator.close());

    /** Non-GET requests by route and status made while `run` ran. */
    async function writesDuring(run: () => Promise<unknown>): Promise<Record<string, number>> {
      const count = (): Map<string, number> =>
        new Map(
          emulator
            .stats()
            .routes.filter((r) => r.method !== 'GET')
            .map((r) => [`${r.method} ${r.route} ${r.status}`, r.count]),
        );
      const before = count();
      await run();
      const made: Record<string, number> = {};
      for (const [route, n] of count()) if (n !== (before.get(route) ?? 0)) made[route] = n - (before.get(route) ?? 0);
      return made;
    }

    /**
     * One sync after git changed a page, the platform another, and both a third in the same line;
     * with the state of the first sync, or with none. What it decided, wrote and committed.
     */
    async function scenario(withState: boolean) {
      emulator.reset();
      const { dir, docs } = await exampleWorkspace();
      // Files as a repo holds them, older than the moments a read cannot trust: a runner with state
      // reads only what git changed, plans it from its state and finds main moved when it opens its change request.
      const past = new Date(Date.now() - 3_600_000);
      for (const entry of await readdir(docs, { recursive: true, withFileTypes: true }))
        if (entry.isFile()) await utimes(join(entry.parentPath, entry.name), past, past);
      const remote = await commitWithRemote(dir, ['docs']);
      const loaded = configFor(emulator, dir, target);
      expect((await syncOnce(loaded)).failures).toEqual([]);

      await editPageInPlatform(emulator, 'space-docs', { gitPath: EDITED, title: 'Quickstart', markdown: '# Quickstart\n\nEdited in the editor.\n' });
      await editPageInPlatform(emulator, 'space-docs', { gitPath: BOTH, title: 'Installation', markdown: "# Installation\n\nThe editor's install steps.\n" });
      await writeFile(join(docs, GIT_ONLY), `${await readFile(join(docs, GIT_ONLY), 'utf8')}\nChanged in git.\n`);
      await writeFile(join(docs, BOTH), "# Installation\n\nGit's install steps.\n");
      git(dir, 'commit', '--quiet', '-am', 'FAQ and installation');

      if (!withState) await rm(join(dir, '.docsync'), { recursive: true, force: true });
      let report: Awaited<ReturnType<typeof syncOnce>> | undefined;
      const writes = await writesDuring(async () => {
        report = await syncOnce(loaded);
      });
      const result = report?.results[0];
      const { commit: _differsByDate, ...platformEdits } = result?.platformEdits ?? { commit: undefined };
      return {
        outcome: result?.outcome,
        failures: report?.failures.map((failure) => failure.code),
        platformEdits,
        writes,
        // The commit's date is the platform revision's (a clock): its tree, parent and message are compared.
        branch: {
          tree: git(remote, 'rev-parse', `${BRANCH}^{tree}`).trim(),
          parent: git(remote, 'rev-parse', `${BRANCH}^`).trim() === git(dir, 'rev-parse', 'HEAD').trim(),
          // It names the commit synced, which differs by date too.
          message: git(remote, 'log', '-1', '--format=%B', BRANCH).replace(git(dir, 'rev-parse', 'HEAD').trim(), '<synced>'),
          edited: git(remote, 'show', `${BRANCH}:docs/${EDITED}`),
          both: git(remote, 'show', `${BRANCH}:docs/${BOTH}`),
        },
        live: {
          edited: await liveMarkdown(emulator, 'space-docs', 'Quickstart'),
          both: await liveMarkdown(emulator, 'space-docs', 'Installation'),
          gitOnly: await liveMarkdown(emulator, 'space-docs', 'Can docsync open two change requests?'),
        },
        git: { edited: await readFile(join(docs, EDITED), 'utf8') },
      };
    }

    it('classifies, commits to the branch and writes the same', async () => {
      const stateful = await scenario(true);
      // The conflict is reported as such, with its own exit code.
      expect(stateful.failures).toEqual(['E_PLATFORM_EDITS_CONFLICT']);
      // The conflict's line is where its markers start on the branch (after the heading both sides
      // share, when the platform keeps the page's title apart from its text as today's API does).
      const markers = stateful.branch.both.split('\n').indexOf('<<<<<<< git') + 1;
      expect(markers).toBeGreaterThan(0);
      expect(stateful.platformEdits).toMatchObject({
        branch: BRANCH,
        pages: [
          { file: `docs/${BOTH}`, outcome: 'conflict', line: markers },
          { file: `docs/${EDITED}`, outcome: 'edited' },
        ],
        conflicts: 1,
        pushed: true,
      });
      expect(stateful.branch.parent).toBe(true);
      expect(stateful.branch.message).toContain("Made while syncing git's commit <synced>.");
      expect(stateful.branch.edited).toBe('# Quickstart\n\nEdited in the editor.\n');
      expect(stateful.branch.both).toMatch(
        /^(# Installation\n\n)?<<<<<<< git\n(# Installation\n\n)?Git's install steps.\n=======\n[\s\S]*The editor's install steps.\n>>>>>>> platform\n$/,
      );
      expect(stateful.live.edited).not.toContain('Edited in the editor.');
      expect(stateful.live.both).toContain("Git's install steps.");
      expect(stateful.live.gitOnly).toContain('Changed in git.');

      const stateless = await scenario(false);
      expect(stateless).toEqual(stateful);
    });
  });
}

// Pages a sync left live other than git's: kept as the platform has them (`adopt`), or merged. The
// seed's direct mode imports into the space itself, so its pages carry the blob ids of what went live.
const LEFT_LIVE = {
  seed: { contract: 'seed', target: { changeRequest: { autoMerge: true }, delivery: 'import' } },
  'seed, direct': { contract: 'seed', target: { mode: 'direct', delivery: 'import' } },
  current: { contract: 'current', target: { changeRequest: { autoMerge: true } } },
} as const;

for (const [name, { contract, target }] of Object.entries(LEFT_LIVE)) {
  describe(`a runner without .docsync/ leaves live what a sync left live (${name} contract)`, () => {
    let emulator: RunningEmulator;
    beforeAll(async () => {
      emulator = await startTestEmulator({ contract, strict: false });
    });
    afterAll(() => emulator.close());

    /**
     * A page edited in the platform and one changed on both sides apart, synced (kept live, merged);
     * then git changes a third page, or again the merged page apart from both sides' changes, and the
     * next sync runs with that state or with none.
     */
    async function scenario(
      platformEdits: 'preserve' | 'adopt',
      withState: boolean,
      thenGit: 'changes another page' | 'changes the merged page' = 'changes another page',
    ) {
      emulator.reset();
      const { dir, docs } = await exampleWorkspace();
      const remote = await commitWithRemote(dir, ['docs']);
      const loaded = configFor(emulator, dir, { ...target, platformEdits });
      expect((await syncOnce(loaded)).failures).toEqual([]);
      const original = await readFile(join(docs, BOTH), 'utf8');
      await editPageInPlatform(emulator, 'space-docs', { gitPath: EDITED, title: 'Quickstart', markdown: '# Quickstart\n\nEdited in the editor.\n' });
      await editPageInPlatform(emulator, 'space-docs', { gitPath: BOTH, title: 'Installation', markdown: `${original}\nAdded in the editor.\n` });
      await writeFile(join(docs, BOTH), original.replace('or later and git.', 'or later and git. Changed in git.'));
      git(dir, 'commit', '--quiet', '-am', 'Installation');
      const second = await syncOnce(loaded);
      expect(second.failures).toEqual([]);
      expect(second.results[0]?.platformEdits?.pages.map((page) => page.outcome)).toEqual(['merged', 'edited']);
      const tip = git(remote, 'rev-parse', BRANCH).trim();

      if (thenGit === 'changes another page') await writeFile(join(docs, GIT_ONLY), `${await readFile(join(docs, GIT_ONLY), 'utf8')}\nChanged in git.\n`);
      else
        await writeFile(
          join(docs, BOTH),
          (await readFile(join(docs, BOTH), 'utf8')).replace('docsync --version\n', 'docsync --version # Changed in git again.\n'),
        );
      git(dir, 'commit', '--quiet', '-am', 'Git again');
      if (!withState) await rm(join(dir, '.docsync'), { recursive: true, force: true });
      const before = emulator.stats().writes;
      const report = await syncOnce(loaded);
      // The commit's date is the platform revision's (a clock): the branch's content is compared.
      const { commit: _differsByDate, ...kept } = report.results[0]?.platformEdits ?? { commit: undefined };
      return {
        failures: report.failures.map((failure) => failure.code),
        outcome: report.results[0]?.outcome,
        platformEdits: kept,
        wrote: emulator.stats().writes - before > 0,
        branchMoved: git(remote, 'rev-parse', BRANCH).trim() !== tip,
        live: {
          edited: await liveMarkdown(emulator, 'space-docs', 'Quickstart'),
          both: await liveMarkdown(emulator, 'space-docs', 'Installation'),
          gitOnly: await liveMarkdown(emulator, 'space-docs', 'Can docsync open two change requests?'),
        },
        merged: git(remote, 'show', `${BRANCH}:docs/${BOTH}`),
      };
    }

    for (const platformEdits of ['adopt', 'preserve'] as const) {
      it(`${platformEdits}: keeps the merge live${platformEdits === 'adopt' ? " and the platform's page" : ''}, as a runner with state does, while git's change goes live`, async () => {
        const stateful = await scenario(platformEdits, true);
        expect(stateful.failures).toEqual([]);
        expect(stateful.merged).toContain('Added in the editor.');
        expect(stateful.live.both).toContain('Added in the editor.');
        expect(stateful.live.both).toContain('Changed in git.');
        expect(stateful.live.gitOnly).toContain('Changed in git.');
        expect(stateful.live.edited).toBe(
          platformEdits === 'adopt' ? '# Quickstart\n\nEdited in the editor.\n' : await readFile(join(EXAMPLE_DOCS, EDITED), 'utf8'),
        );
        expect(stateful.branchMoved).toBe(false);

        expect(await scenario(platformEdits, false)).toEqual(stateful);
      });

      it(`${platformEdits}: merges git's next change to the merged page, as a runner with state does`, async () => {
        const stateful = await scenario(platformEdits, true, 'changes the merged page');
        expect(stateful.failures).toEqual([]);
        expect(stateful.platformEdits).toMatchObject({ pages: [{ file: `docs/${BOTH}`, outcome: 'merged' }], conflicts: 0, pushed: true });
        expect(stateful.branchMoved).toBe(true);
        for (const side of [stateful.merged, stateful.live.both]) {
          expect(side).toContain('Added in the editor.');
          expect(side).toContain('Changed in git.');
          expect(side).toContain('Changed in git again.');
        }
        expect(stateful.live.edited).toBe(
          platformEdits === 'adopt' ? '# Quickstart\n\nEdited in the editor.\n' : await readFile(join(EXAMPLE_DOCS, EDITED), 'utf8'),
        );

        expect(await scenario(platformEdits, false, 'changes the merged page')).toEqual(stateful);
      });
    }
  });
}

// A runner without state that finds nothing to write saves the state it rebuilt: the next run on it
// must map the live pages as a runner that wrote them does.
for (const [name, { contract, target }] of Object.entries(CONTRACTS)) {
  describe(`the state a runner without .docsync/ saves when it writes nothing (${name} contract)`, () => {
    let emulator: RunningEmulator;
    beforeAll(async () => {
      emulator = await startTestEmulator({ contract, strict: false });
    });
    afterAll(() => emulator.close());

    it('leads the next run to the same pages: no platform edit found where there is none, one page written', async () => {
      emulator.reset();
      const { dir, docs } = await exampleWorkspace();
      await commitWithRemote(dir, ['docs']);
      const loaded = configFor(emulator, dir, target);
      expect((await syncOnce(loaded)).failures).toEqual([]);
      await rm(join(dir, '.docsync'), { recursive: true, force: true });
      const rebuilt = await syncOnce(loaded);
      expect(rebuilt.failures).toEqual([]);
      expect(rebuilt.results[0]?.outcome).toBe('skipped');

      await writeFile(join(docs, GIT_ONLY), `${await readFile(join(docs, GIT_ONLY), 'utf8')}\nChanged in git.\n`);
      git(dir, 'commit', '--quiet', '-am', 'Git only');
      const before = emulator.stats().contentBatches;
      const report = await syncOnce(loaded);
      expect(report.failures).toEqual([]);
      expect(report.results[0]?.platformEdits).toBeUndefined();
      // Today's API: the one page git changed, in one change; the seed's imports the whole bundle.
      if (contract === 'current') expect(emulator.stats().contentBatches.changes - before.changes).toBe(1);
      expect(await liveMarkdown(emulator, 'space-docs', 'Can docsync open two change requests?')).toContain('Changed in git.');
    });
  });
}
