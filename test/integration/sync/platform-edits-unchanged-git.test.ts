import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { startTestEmulator } from '../../support/emulator-harness.js';
import { editPageInPlatform } from '../../support/edit-page-in-platform.js';
import { configFor, syncOnce } from '../../support/sync-harness.js';
import { git, removeTempDirs } from '../../support/temp-tree.js';
import { liveMarkdown, repoWorkspace } from '../../support/platform-edits-workspace.js';

const PAGE = 'getting-started/quickstart.md';
const BRANCH = 'docsync/platform-edits/docs';

const CONTRACTS = {
  seed: { options: { contract: 'seed' }, target: { changeRequest: { autoMerge: true }, delivery: 'import' } },
  current: { options: { contract: 'current', strict: false }, target: { changeRequest: { autoMerge: true } } },
} as const;

afterAll(() => removeTempDirs());

for (const [contract, setup] of Object.entries(CONTRACTS)) {
  describe(`sync --once with state and unchanged git (${contract} contract)`, () => {
    let emulator: RunningEmulator;
    beforeAll(async () => {
      emulator = await startTestEmulator(setup.options);
    });
    afterAll(() => emulator.close());

    /** Every request a run made, by method, route and status. */
    async function requestsDuring(run: () => Promise<unknown>): Promise<Record<string, number>> {
      const count = (): Map<string, number> => new Map(emulator.stats().routes.map((r) => [`${r.method} ${r.route} ${r.status}`, r.count]));
      const before = count();
      await run();
      const made: Record<string, number> = {};
      for (const [route, n] of count()) if (n !== (before.get(route) ?? 0)) made[route] = n - (before.get(route) ?? 0);
      return made;
    }

    it('reads the space once when nothing moved, and notices an edit made in the platform since', async () => {
      emulator.reset();
      const { dir, remote } = await repoWorkspace();
      const loaded = configFor(emulator, dir, setup.target);
      expect((await syncOnce(loaded)).failures).toEqual([]);
      // The first run after a write compares the live content once, and remembers main's revision.
      expect((await syncOnce(loaded)).failures).toEqual([]);

      const quiet = await requestsDuring(() => syncOnce(loaded));
      expect(quiet).toEqual({ 'GET /v1/spaces/:spaceId 200': 1 });

      await editPageInPlatform(emulator, 'space-docs', { gitPath: PAGE, title: 'Quickstart', markdown: '# Quickstart\n\nEdited in the editor.\n' });
      let report: Awaited<ReturnType<typeof syncOnce>> | undefined;
      await requestsDuring(async () => {
        report = await syncOnce(loaded);
      });
      expect(report?.failures).toEqual([]);
      expect(report?.results[0]?.platformEdits).toMatchObject({ branch: BRANCH, pages: [{ file: `docs/${PAGE}`, outcome: 'edited' }], pushed: true });
      expect(git(remote, 'show', `${BRANCH}:docs/${PAGE}`)).toBe('# Quickstart\n\nEdited in the editor.\n');
      expect(await liveMarkdown(emulator, 'space-docs', 'Quickstart')).not.toContain('Edited in the editor.');
    });
  });
}
