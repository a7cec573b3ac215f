import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/start-emulator.js';
import { startTestEmulator } from '../support/emulator-harness.js';
import { lawOpsArbitrary } from '../support/platform-law-ops.js';
import { lawRepoArbitrary } from '../support/platform-law-repo.js';
import { runLaw } from '../support/platform-law-run.js';
import { removeTempDirs } from '../support/temp-tree.js';

// The law of platform edits (docs/platform-edits.md): edits made in the platform's editor and in git,
// interleaved at random and synced now and then, by a runner that keeps its state and by one that
// starts without it each time. After every sync each platform edit is live or on the branch's tip,
// each git edit live or in a conflict on the branch, the branch only moved forward, and the two
// runners decided alike. DOCSYNC_LAW_RUNS sets the runs per configuration, DOCSYNC_LAW_SEED replays one,
// DOCSYNC_LAW_ONLY (`current`, `seed:adopt`, ...) runs only the configurations it names.
const RUNS = Number(process.env.DOCSYNC_LAW_RUNS ?? 6);
// A fixed seed by default, so the suite is repeatable while sequences the law still finds failing stand.
const SEED = { seed: Number(process.env.DOCSYNC_LAW_SEED ?? 1) };

const ONLY = process.env.DOCSYNC_LAW_ONLY;
const runs = (contract: string, platformEdits: string): boolean =>
  ONLY === undefined || ONLY === contract || ONLY === platformEdits || ONLY === `${contract}:${platformEdits}`;

const TARGETS = {
  current: {},
  seed: { delivery: 'import' },
} as const;

afterAll(() => removeTempDirs());

for (const contract of ['current', 'seed'] as const) {
  if (!runs(contract, 'preserve') && !runs(contract, 'adopt')) continue;
  describe(`the law of platform edits on the ${contract} contract`, () => {
    let emulators: RunningEmulator[] = [];
    beforeAll(async () => {
      emulators = await Promise.all([0, 1].map(() => startTestEmulator({ contract, strict: false })));
    });
    afterAll(() => Promise.all(emulators.map((emulator) => emulator.close())));

    for (const platformEdits of ['preserve', 'adopt'] as const) {
      if (runs(contract, platformEdits))
        it(`${platformEdits}: no edit of either side is lost, the branch only moves forward, and a runner without state decides alike`, async () => {
          await fc.assert(
            fc.asyncProperty(lawRepoArbitrary(), lawOpsArbitrary({ contract }), async (repo, ops) => {
              // The platform edits the readme too, everywhere (see LawModel.readmeEdits).
              await runLaw(repo, ops, emulators, contract, { ...TARGETS[contract], platformEdits }, { readmeEdits: true });
            }),
            { numRuns: RUNS, ...SEED },
          );
        }, 600_000);
    }
  });
}
