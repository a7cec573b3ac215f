import { afterAll, beforeAll, describe, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { startTestEmulator } from '../../support/emulator-harness.js';
import type { LawOp } from '../../support/platform-law-ops.js';
import { lawRepo } from '../../support/platform-law-repo.js';
import { runLaw } from '../../support/platform-law-run.js';
import { removeTempDirs } from '../../support/temp-tree.js';

// Sequences the law of platform edits found failing, each replayed as it was found, with every
// check of the law after each sync (test/integration/platform-edits-law.test.ts).
afterAll(() => removeTempDirs());

/** The law's platform edits pick pages by index among those they may edit: the readme is one of them except under adopt. */
const readmeShift = (platformEdits: 'preserve' | 'adopt'): number => (platformEdits === 'adopt' ? 0 : 1);

describe('the law of platform edits, by example, on the current contract', () => {
  let emulators: RunningEmulator[] = [];
  beforeAll(async () => {
    emulators = await Promise.all([0, 1].map(() => startTestEmulator({ contract: 'current', strict: false })));
  });
  afterAll(() => Promise.all(emulators.map((emulator) => emulator.close())));

  it("preserve: a section's description the platform edited stays on the branch when the platform then gives the section a new slug", async () => {
    await runLaw(
      lawRepo([2, 0]),
      [{ kind: 'platform-description', page: 1 }, { kind: 'sync' }, { kind: 'platform-slug', page: 1 }, { kind: 'sync' }],
      emulators,
      'current',
      { platformEdits: 'preserve' },
    );
  });

  it('adopt: a page added in the platform stays live after a git change, on a runner without state too', async () => {
    await runLaw(
      lawRepo([1, 0]),
      [{ kind: 'platform-add', parent: 0, at: 0 }, { kind: 'sync' }, { kind: 'git-body', page: 1, at: 0 }, { kind: 'sync' }],
      emulators,
      'current',
      { platformEdits: 'adopt' },
    );
  });

  for (const platformEdits of ['preserve', 'adopt'] as const)
    it(`${platformEdits}: a page git moves from under a parent retitled in the platform goes live alike on a runner without state`, async () => {
      await runLaw(
        lawRepo([1, 0]),
        [
          { kind: 'platform-title', page: readmeShift(platformEdits) },
          { kind: 'sync' },
          { kind: 'git-move', page: 0, parent: 0 },
          { kind: 'sync' },
          { kind: 'git-move', page: 0, parent: 3 },
        ],
        emulators,
        'current',
        { platformEdits },
      );
    });

  it('adopt: the readme given an image in the platform, left live across a git move and then merged into git, is not written again by a runner with state', async () => {
    await runLaw(
      lawRepo([1, 0]),
      [
        { kind: 'platform-image', page: 0 },
        { kind: 'sync' },
        { kind: 'git-move', page: 0, parent: 0 },
        { kind: 'sync' },
        { kind: 'git-merge' },
        { kind: 'sync' },
      ],
      emulators,
      'current',
      { platformEdits: 'adopt' },
      { readmeEdits: true },
    );
  });

  it('preserve: a conflict left on the branch fails the next unchanged run on a runner without state too', async () => {
    await runLaw(lawRepo([0, 2]), [{ kind: 'git-body', page: 2, at: 0 }, { kind: 'platform-body', page: 2, at: 0 }, { kind: 'sync' }], emulators, 'current', {
      platformEdits: 'preserve',
    });
  });

  it("adopt: a conflict resolved in git (the branch merged, the page edited) puts git's version live on a runner without state too", async () => {
    await runLaw(
      lawRepo([0, 2]),
      [
        { kind: 'platform-body', page: 1, at: 0 },
        { kind: 'git-body', page: 1, at: 0 },
        { kind: 'sync' },
        { kind: 'git-merge' },
        { kind: 'sync' },
        { kind: 'sync' },
      ],
      emulators,
      'current',
      { platformEdits: 'adopt' },
      { readmeEdits: true },
    );
  });

  for (const platformEdits of ['preserve', 'adopt'] as const)
    it(`${platformEdits}: a page git edited and the platform gave an image is kept once, and the next unchanged run reports nothing on a runner without state too`, async () => {
      await runLaw(
        lawRepo([0, 2]),
        [{ kind: 'git-body', page: 3, at: 0 }, { kind: 'platform-image', page: readmeShift(platformEdits) + 2 }, { kind: 'sync' }],
        emulators,
        'current',
        {
          platformEdits,
        },
      );
    });

  it("preserve: the readme moved under a page given a new slug makes that page the readme, titled so in the branch's SUMMARY.md", async () => {
    await runLaw(
      lawRepo([0, 2]),
      [{ kind: 'platform-move', page: 0, parent: 2, at: 0 }, { kind: 'platform-slug', page: 6 }, { kind: 'sync' }],
      emulators,
      'current',
      { platformEdits: 'preserve' },
    );
  });

  it('adopt: a page given a new slug in the platform and moved in git goes where git says, once', async () => {
    await runLaw(lawRepo([0, 2]), [{ kind: 'platform-slug', page: 8 }, { kind: 'git-move', page: 0, parent: 6 }, { kind: 'sync' }], emulators, 'current', {
      platformEdits: 'adopt',
    });
  });

  it("preserve: a page the platform moves under a page git moved is listed under it in the branch's SUMMARY.md", async () => {
    await runLaw(
      lawRepo([0, 2]),
      [{ kind: 'git-move', page: 0, parent: 0 }, { kind: 'platform-move', page: 2, parent: 3, at: 0 }, { kind: 'sync' }],
      emulators,
      'current',
      { platformEdits: 'preserve' },
    );
  });

  it('adopt: a page the platform moves under a page git moved stays live there, with its id', async () => {
    await runLaw(
      lawRepo([0, 2]),
      [
        { kind: 'git-move', page: 0, parent: 0 },
        { kind: 'platform-move', page: 1, parent: 3, at: 0 },
        { kind: 'sync' },
        { kind: 'git-merge' },
        { kind: 'sync' },
      ],
      emulators,
      'current',
      { platformEdits: 'adopt' },
    );
  });

  // `merged`: git then merges the branch, which names the readme where the platform put it.
  for (const merged of [false, true])
    it(`adopt: a page git renamed, unchanged, that the platform moved the readme under keeps its id and the readme${merged ? ', named as the branch names it once git merged it,' : ''} on a runner without state too`, async () => {
      await runLaw(
        lawRepo([2, 0]),
        [
          { kind: 'platform-move', page: 5, parent: 5, at: 0 },
          { kind: 'git-move', page: 8, parent: 0 },
          { kind: 'sync' },
          ...(merged ? [{ kind: 'git-merge' } as const] : []),
          { kind: 'git-move', page: 0, parent: 0, at: 0, same: false },
          { kind: 'sync' },
        ],
        emulators,
        'current',
        { platformEdits: 'adopt' },
        { readmeEdits: true },
      );
    });

  it('adopt: a page with subpages given a new slug in the platform stays live with its id when git moves another page', async () => {
    await runLaw(lawRepo([0, 2]), [{ kind: 'platform-slug', page: 9 }, { kind: 'git-move', page: 0, parent: 0 }, { kind: 'sync' }], emulators, 'current', {
      platformEdits: 'adopt',
    });
  });

  it('adopt: a page git moves under a subpage of a page given a new slug in the platform goes live under that subpage', async () => {
    await runLaw(lawRepo([0, 2]), [{ kind: 'platform-slug', page: 9 }, { kind: 'git-move', page: 0, parent: 15 }, { kind: 'sync' }], emulators, 'current', {
      platformEdits: 'adopt',
    });
  });

  it('adopt: a page given a new slug in the platform stays live with its subpages under it when git removes its previous sibling', async () => {
    await runLaw(lawRepo([0, 2]), [{ kind: 'platform-slug', page: 9 }, { kind: 'git-delete', page: 0 }, { kind: 'sync' }], emulators, 'current', {
      platformEdits: 'adopt',
    });
  });

  it('adopt: a page given a new slug and a new title in the platform goes live alike on a runner without state when git moves its previous sibling', async () => {
    await runLaw(
      lawRepo([0, 2]),
      [{ kind: 'platform-slug', page: 9 }, { kind: 'platform-title', page: 1 }, { kind: 'git-move', page: 0, parent: 0 }, { kind: 'sync' }],
      emulators,
      'current',
      { platformEdits: 'adopt' },
    );
  });

  it("adopt: a page given a new slug in the platform and edited in git stays live once, at its slug, with its id and git's edit", async () => {
    await runLaw(lawRepo([0, 0, 0]), [{ kind: 'git-body', page: 1, at: 0 }, { kind: 'platform-slug', page: 0 }, { kind: 'sync' }], emulators, 'current', {
      platformEdits: 'adopt',
    });
  });

  it("adopt: a subpage git edited under a page given a new slug in the platform stays live once, under it, with its id and git's edit", async () => {
    await runLaw(lawRepo([2, 0, 0]), [{ kind: 'git-body', page: 2, at: 0 }, { kind: 'platform-slug', page: 0 }, { kind: 'sync' }], emulators, 'current', {
      platformEdits: 'adopt',
    });
  });

  it('adopt: a page given a new slug in the platform stays at the top, with its subpages, when git moves its previous sibling under another page', async () => {
    await runLaw(lawRepo([0, 2]), [{ kind: 'platform-slug', page: 5 }, { kind: 'git-move', page: 0, parent: 1 }, { kind: 'sync' }], emulators, 'current', {
      platformEdits: 'adopt',
    });
  });

  for (const platformEdits of ['preserve', 'adopt'] as const) {
    it(`${platformEdits}: a page git edited that the platform moved under another page is one page, moved and edited, with no conflict`, async () => {
      await runLaw(
        lawRepo([0, 2]),
        [{ kind: 'git-body', page: 1, at: 0 }, { kind: 'platform-move', page: readmeShift(platformEdits), parent: 3, at: 0 }, { kind: 'sync' }],
        emulators,
        'current',
        { platformEdits },
      );
    });

    it(`${platformEdits}: a subpage git edited under a page given a new slug in the platform is one page, with no conflict`, async () => {
      await runLaw(
        lawRepo([0, 2]),
        [{ kind: 'git-body', page: 3, at: 1 }, { kind: 'platform-slug', page: readmeShift(platformEdits) + 1 }, { kind: 'sync' }],
        emulators,
        'current',
        { platformEdits },
      );
    });

    it(`${platformEdits}: a page git and the platform both edited, which the platform also moved, merges where lines do not clash`, async () => {
      await runLaw(
        lawRepo([0, 2]),
        [
          { kind: 'git-body', page: 1, at: 0 },
          { kind: 'platform-body', page: readmeShift(platformEdits), at: 2 },
          { kind: 'platform-move', page: readmeShift(platformEdits), parent: 3, at: 0 },
          { kind: 'sync' },
          { kind: 'git-merge' },
          { kind: 'sync' },
        ],
        emulators,
        'current',
        { platformEdits },
      );
    });

    it(`${platformEdits}: a page with subpages the platform gave a new slug and edited is paired with its page, on a runner without state too`, async () => {
      await runLaw(
        lawRepo([0, 2]),
        [
          { kind: 'platform-slug', page: readmeShift(platformEdits) + 1 },
          { kind: 'platform-body', page: readmeShift(platformEdits) + 1, at: 0 },
          { kind: 'git-body', page: 4, at: 0 },
          { kind: 'sync' },
          { kind: 'git-merge' },
          { kind: 'sync' },
        ],
        emulators,
        'current',
        { platformEdits },
      );
    });
  }

  for (const platformEdits of ['preserve', 'adopt'] as const) {
    for (const at of [undefined, 0])
      it(`${platformEdits}: a page git moved${at === undefined ? '' : ' and edited'} that the platform edited where it was is one page, at git's path, with no conflict`, async () => {
        await runLaw(
          lawRepo([0, 2]),
          [
            { kind: 'platform-body', page: readmeShift(platformEdits), at: 2 },
            { kind: 'git-move', page: 0, parent: 0, ...(at === undefined ? {} : { at }) },
            { kind: 'sync' },
            { kind: 'git-merge' },
            { kind: 'sync' },
          ],
          emulators,
          'current',
          { platformEdits },
        );
      });

    it(`${platformEdits}: a page git moved under another page and edited, that the platform edited in the same lines, is a conflict at git's path`, async () => {
      await runLaw(
        lawRepo([0, 2]),
        [
          { kind: 'git-move', page: 0, parent: 3, at: 0 },
          { kind: 'platform-body', page: readmeShift(platformEdits), at: 0 },
          { kind: 'sync' },
          { kind: 'sync' },
        ],
        emulators,
        'current',
        { platformEdits },
      );
    });
  }

  it('adopt: a page the platform moved and both sides edited, left live merged, is not reported again after a git change, on a runner without state too', async () => {
    await runLaw(
      lawRepo([0, 2]),
      [
        { kind: 'git-body', page: 1, at: 0 },
        { kind: 'platform-body', page: 0, at: 2 },
        { kind: 'platform-move', page: 0, parent: 3, at: 0 },
        { kind: 'sync' },
        { kind: 'git-body', page: 2, at: 0 },
      ],
      emulators,
      'current',
      { platformEdits: 'adopt' },
    );
  });

  for (const platformEdits of ['preserve', 'adopt'] as const)
    it(`${platformEdits}: a page the platform moves under a page git removes is on the branch under that page, a conflict there`, async () => {
      await runLaw(
        lawRepo([2, 0]),
        [
          { kind: 'git-delete', page: 1 },
          { kind: 'platform-move', page: 3, parent: 5, at: 0 },
          { kind: 'platform-body', page: 0, at: 0 },
        ],
        emulators,
        'current',
        { platformEdits },
        { readmeEdits: true },
      );
    });

  for (const platformEdits of ['preserve', 'adopt'] as const)
    it(`${platformEdits}: a page the platform added under a section, merged into git while the platform deleted that section, is live where git has it or at the top`, async () => {
      await runLaw(
        lawRepo([1, 1]),
        [
          { kind: 'platform-add', parent: 14, at: 0 },
          { kind: 'sync' },
          { kind: 'platform-delete', page: 0 },
          { kind: 'platform-delete', page: 0 },
          { kind: 'git-merge' },
        ],
        emulators,
        'current',
        { platformEdits },
        { readmeEdits: true },
      );
    });

  it("adopt: a page the platform added, merged into git and then edited in the platform again, is the platform's edit, no conflict", async () => {
    await runLaw(
      lawRepo([1, 1]),
      [{ kind: 'platform-add', parent: 0, at: 0 }, { kind: 'sync' }, { kind: 'git-merge' }, { kind: 'platform-body', page: 5, at: 0 }],
      emulators,
      'current',
      { platformEdits: 'adopt' },
      { readmeEdits: true },
    );
  });

  for (const platformEdits of ['preserve', 'adopt'] as const)
    it(`${platformEdits}: a page git moved and edited that the platform moved elsewhere goes where git says, with git's edit, once`, async () => {
      await runLaw(
        lawRepo([1, 1]),
        [
          { kind: 'git-move', page: 0, parent: 3, at: 0 },
          { kind: 'platform-move', page: 0, parent: 1, at: 0, same: true },
          { kind: 'sync' },
          { kind: 'platform-body', page: 0, at: 0, same: true },
        ],
        emulators,
        'current',
        { platformEdits },
        { readmeEdits: true },
      );
    });

  it('adopt: a subpage git removed under a page given a new slug in the platform is removed live, the slug staying', async () => {
    await runLaw(
      lawRepo([1, 1]),
      [
        { kind: 'platform-slug', page: 26 },
        { kind: 'git-delete', page: 0 },
      ],
      emulators,
      'current',
      { platformEdits: 'adopt' },
      { readmeEdits: true },
    );
  });

  for (const platformEdits of ['preserve', 'adopt'] as const) {
    it(`${platformEdits}: a page the platform reordered that git edited goes live with git's edit`, async () => {
      await runLaw(
        lawRepo([2, 0]),
        [
          { kind: 'git-body', page: 3, at: 0 },
          { kind: 'platform-move', page: 0, parent: 0, at: 0, same: true },
          { kind: 'platform-description', page: 0 },
        ],
        emulators,
        'current',
        { platformEdits },
        { readmeEdits: true },
      );
    });

    it(`${platformEdits}: a page the platform moved under a page it moved that git removes is on the branch under that page, a conflict there`, async () => {
      await runLaw(
        lawRepo([2, 2, 2, 0, 0]),
        [
          { kind: 'platform-move', page: 30, parent: 24, at: 0 },
          { kind: 'platform-move', page: 2, parent: 25, at: 0 },
          { kind: 'git-delete', page: 3 },
        ],
        emulators,
        'current',
        { platformEdits },
        { readmeEdits: true },
      );
    });

    for (const at of [undefined, 0])
      it(`${platformEdits}: a page git moved${at === undefined ? '' : ' and edited'} that the platform removed is a conflict at git's path, git's version live`, async () => {
        await runLaw(
          lawRepo([0, 0, 0]),
          [
            { kind: 'git-move', page: 0, parent: 0, ...(at === undefined ? {} : { at }) },
            { kind: 'platform-delete', page: 0, same: true },
            { kind: 'sync' },
            { kind: 'git-merge' },
          ],
          emulators,
          'current',
          { platformEdits },
          { readmeEdits: true },
        );
      });

    it(`${platformEdits}: a page git edited that the platform removed is a conflict, git's version live`, async () => {
      await runLaw(
        lawRepo([0, 0, 0]),
        [{ kind: 'git-body', page: 1, at: 0 }, { kind: 'platform-delete', page: 0, same: true }, { kind: 'sync' }, { kind: 'git-merge' }],
        emulators,
        'current',
        { platformEdits },
        { readmeEdits: true },
      );
    });
  }

  it('adopt: a conflict left live fails the next unchanged run alike on a runner without state, the branch not written again', async () => {
    await runLaw(
      lawRepo([0, 0, 0]),
      [{ kind: 'git-body', page: 1, at: 0 }, { kind: 'platform-body', page: 1, at: 0 }, { kind: 'sync' }],
      emulators,
      'current',
      { platformEdits: 'adopt' },
      { readmeEdits: true },
    );
  });

  it('adopt: a page the platform added under the readme, left live, is told alike when the platform then moves the readme under a section', async () => {
    await runLaw(
      lawRepo([0, 2]),
      [{ kind: 'platform-add', parent: 1, at: 0 }, { kind: 'git-delete', page: 0 }, { kind: 'sync' }, { kind: 'platform-move', page: 0, parent: 2, at: 0 }],
      emulators,
      'current',
      { platformEdits: 'adopt' },
      { readmeEdits: true },
    );
  });

  it("adopt: a page the platform moved under a page git moved under it is listed so on the branch, and live at git's place with its id", async () => {
    await runLaw(
      lawRepo([0, 0, 0]),
      [
        { kind: 'platform-move', page: 9, parent: 16, at: 0 },
        { kind: 'git-move', page: 17, parent: 8, at: 0, same: false },
      ],
      emulators,
      'current',
      { platformEdits: 'adopt' },
    );
  });

  it('adopt: a subpage the platform moved to the top and edited, that git moved to another folder and edited, is live once', async () => {
    await runLaw(
      lawRepo([0, 0, 1]),
      [
        { kind: 'platform-move', page: 9, parent: 1, at: 0 },
        { kind: 'platform-body', page: 0, at: 0, same: true },
        { kind: 'git-move', page: 0, parent: 0, at: 0, same: true },
      ],
      emulators,
      'current',
      { platformEdits: 'adopt' },
      { readmeEdits: true },
    );
  });

  it("adopt: a page renamed with its section, given a child by git since, is the branch's page at its path to a runner without state", async () => {
    await runLaw(
      lawRepo([2, 0]),
      [
        { kind: 'git-add', parent: 15 },
        { kind: 'platform-slug', page: 16, same: false },
        { kind: 'sync' },
        { kind: 'git-move', page: 0, parent: 0, at: 0, same: false },
        { kind: 'sync' },
      ],
      emulators,
      'current',
      { platformEdits: 'adopt' },
      { readmeEdits: true },
    );
  });

  describe('a change request left open for review', () => {
    it("adopt: a page the platform renamed and git edited, merged while docsync's change request waits, is not reported again by a runner without state", async () => {
      await runLaw(
        lawRepo([0, 0, 0]),
        [{ kind: 'platform-slug', page: 26 }, { kind: 'sync-held' }, { kind: 'git-body', page: 2, at: 0 }, { kind: 'sync-held' }],
        emulators,
        'current',
        { platformEdits: 'adopt' },
        { readmeEdits: true },
      );
    });

    for (const platformEdits of ['preserve', 'adopt'] as const)
      it(`${platformEdits}: a page edited in main while docsync's change request waits for review is reported alike`, async () => {
        await runLaw(
          lawRepo([0, 2]),
          [{ kind: 'git-delete', page: 0 }, { kind: 'sync-held' }, { kind: 'platform-body', page: 0, at: 0 }, { kind: 'git-add', parent: 0 }],
          emulators,
          'current',
          { platformEdits },
          { readmeEdits: true },
        );
      });

    for (const platformEdits of ['preserve', 'adopt'] as const)
      it(`${platformEdits}: a reviewer's edit inside docsync's open change request is kept when the next git change is synced`, async () => {
        await runLaw(
          lawRepo([0, 2]),
          [{ kind: 'git-body', page: 1, at: 0 }, { kind: 'sync-held' }, { kind: 'platform-review', page: 2, at: 1 }, { kind: 'git-body', page: 3, at: 0 }],
          emulators,
          'current',
          { platformEdits },
        );
      });

    it("preserve: a page the platform changed in main again while docsync's change request waited for review is merged, not a conflict", async () => {
      await runLaw(
        lawRepo([0, 0, 0]),
        [{ kind: 'platform-body', page: 3, at: 0 }, { kind: 'sync-held' }, { kind: 'platform-layout', page: 3 }, { kind: 'sync' }],
        emulators,
        'current',
        { platformEdits: 'preserve' },
      );
    });

    it("adopt: the readme git changed in docsync's change request that waited for review, and the platform in main since, goes live with both", async () => {
      await runLaw(
        lawRepo([0, 0, 0]),
        [{ kind: 'git-body', page: 0, at: 0 }, { kind: 'sync-held' }, { kind: 'platform-layout', page: 0 }, { kind: 'sync' }],
        emulators,
        'current',
        { platformEdits: 'adopt' },
        { readmeEdits: true },
      );
    });

    for (const platformEdits of ['preserve', 'adopt'] as const)
      it(`${platformEdits}: a reviewer's edit in docsync's change request that main has moved past is kept`, async () => {
        await runLaw(
          lawRepo([0, 2]),
          [
            { kind: 'git-body', page: 1, at: 0 },
            { kind: 'sync-held' },
            { kind: 'platform-review', page: 2, at: 1 },
            { kind: 'platform-body', page: 1, at: 2 },
            { kind: 'sync' },
          ],
          emulators,
          'current',
          { platformEdits },
        );
      });

    it("preserve: a section the platform edited and emptied, then changed in main while docsync's change request waited, is reported alike", async () => {
      await runLaw(
        lawRepo([0, 0, 1]),
        [
          { kind: 'platform-body', page: 3, at: 0 },
          { kind: 'platform-delete', page: 17 },
          { kind: 'sync-held' },
          { kind: 'platform-layout', page: 23 },
          { kind: 'sync' },
        ],
        emulators,
        'current',
        { platformEdits: 'preserve' },
      );
    });

    it('adopt: a readme given a new slug in the platform, then edited in git, held twice for review, leaves no change request open once merged', async () => {
      await runLaw(
        lawRepo([0, 0, 0]),
        [{ kind: 'platform-slug', page: 0 }, { kind: 'sync-held' }, { kind: 'git-body', page: 0, at: 0 }, { kind: 'sync-held' }],
        emulators,
        'current',
        { platformEdits: 'adopt' },
        { readmeEdits: true },
      );
    });

    it("adopt: an image the platform put in the readme before docsync's change request was held stays live once it is merged, run with state or without", async () => {
      await runLaw(
        lawRepo([1, 1]),
        [{ kind: 'git-move', page: 0, parent: 0, at: 0, same: false }, { kind: 'platform-image', page: 0 }, { kind: 'sync-held' }],
        emulators,
        'current',
        { platformEdits: 'adopt' },
        { readmeEdits: true },
      );
    });

    it('adopt: a subpage the platform gave an image, that git moved to another folder and edited, held for review and then merged, is live once with both, run with state or without', async () => {
      await runLaw(
        lawRepo([1, 2, 0]),
        [{ kind: 'platform-image', page: 4 }, { kind: 'git-move', page: 21, parent: 0, at: 0, same: false }, { kind: 'sync-held' }, { kind: 'sync' }],
        emulators,
        'current',
        { platformEdits: 'adopt' },
        { readmeEdits: true },
      );
    });

    it('adopt: a page the platform added under a page git then removed, held for review and then merged, is reported alike, run with state or without', async () => {
      await runLaw(
        lawRepo([1, 1]),
        [{ kind: 'platform-add', parent: 5, at: 0 }, { kind: 'git-delete', page: 3 }, { kind: 'sync-held' }, { kind: 'sync' }],
        emulators,
        'current',
        { platformEdits: 'adopt' },
        { readmeEdits: true },
      );
    });

    it("adopt: a page the platform moved, while docsync's change request waited for review, under a page git moved there stays under it once merged, run with state or without", async () => {
      await runLaw(
        lawRepo([0, 2]),
        [
          { kind: 'git-move', page: 0, parent: 0, at: 0, same: false },
          { kind: 'sync-held' },
          { kind: 'platform-move', page: 3, parent: 3, at: 0, same: false },
          { kind: 'sync' },
        ],
        emulators,
        'current',
        { platformEdits: 'adopt' },
        { readmeEdits: true },
      );
    });

    it("preserve: a page retitled in the platform, kept while docsync's change request waited for review, then moved there, is on the branch with both, SUMMARY.md without conflict markers", async () => {
      await runLaw(
        lawRepo([0, 2]),
        [{ kind: 'platform-title', page: 2 }, { kind: 'sync-held' }, { kind: 'platform-move', page: 7, parent: 3, at: 0, same: false }, { kind: 'sync' }],
        emulators,
        'current',
        { platformEdits: 'preserve' },
        { readmeEdits: true },
      );
    });

    // Git moved a page, held for review; then the platform moves the readme under it (`same` false),
    // or that page itself, still at its old place in main (`same` true), to the top's first place
    // (`into` 2) or into another section, where it gets a new path (3). `titled`: the platform had
    // retitled the page before, so the change request holds it merged, and main's page is told by its id.
    const movedAfterGit = [
      { same: false, into: 2, titled: false },
      { same: true, into: 2, titled: false },
      { same: true, into: 3, titled: false },
      { same: true, into: 3, titled: true },
    ];
    for (const platformEdits of ['preserve', 'adopt'] as const)
      for (const { same, into, titled } of movedAfterGit)
        it(
          same
            ? `${platformEdits}: a page the platform ${titled ? 'retitled, then ' : ''}moved (under page ${into}) after git's move of it went into docsync's change request waiting for review is moved at git's path, once, with state or without`
            : `${platformEdits}: the readme the platform moved under a page git moved in docsync's change request waiting for review is kept there (${platformEdits === 'adopt' ? 'live' : 'on the branch'}), found alike with state or without`,
          async () => {
            await runLaw(
              lawRepo([0, 2]),
              [
                { kind: 'git-move', page: 0, parent: 0, at: 0, same: false },
                ...(titled ? [{ kind: 'platform-title', page: 1 } as const] : []),
                { kind: 'sync-held' },
                { kind: 'platform-move', page: 0, parent: into, at: 0, same },
                { kind: 'sync' },
              ],
              emulators,
              'current',
              { platformEdits },
              { readmeEdits: true },
            );
          },
        );

    // The readme the platform moved under a section (`into`), held for review; then git moves a page
    // (that section, `gitParent` 0; or, `marked`, one the platform then describes) and merges the
    // branch. An entry of git's table of contents whose file the merge left out is skipped, its
    // children under its parent.
    const readmeMoved = [
      { into: 2, gitParent: 0, marked: false, modes: ['preserve', 'adopt'] as const, what: "keeps both sides' pages" },
      { into: 3, gitParent: 29, marked: true, modes: ['preserve', 'adopt'] as const, what: 'goes live as git lists it' },
      {
        into: 4,
        gitParent: 0,
        marked: true,
        modes: ['preserve'] as const,
        what: "goes live where git's table of contents puts it once that page's entry is skipped",
      },
    ];
    for (const { into, gitParent, marked, modes, what } of readmeMoved)
      for (const platformEdits of modes)
        it(`${platformEdits}: the readme the platform moved (under page ${into}), held for review, then git moving a page and merging the branch, ${what}`, async () => {
          const ops: LawOp[] = marked
            ? [
                { kind: 'platform-move', page: 0, parent: into, at: 0, same: false },
                { kind: 'sync-held' },
                { kind: 'platform-description', page: 18 },
                { kind: 'git-move', page: 0, parent: gitParent, at: 0, same: true },
              ]
            : [{ kind: 'platform-move', page: 0, parent: into, at: 0 }, { kind: 'sync-held' }, { kind: 'git-move', page: 0, parent: gitParent, at: 0 }];
          await runLaw(
            lawRepo([0, 2]),
            [...ops, { kind: 'git-merge' }, { kind: 'platform-add', parent: 0, at: 0 }],
            emulators,
            'current',
            { platformEdits },
            { readmeEdits: true },
          );
        });

    it("adopt: a page git removed that the platform gave a child, left live in conflict in docsync's change request held for review, is found there as delivered, with state or without", async () => {
      await runLaw(
        lawRepo([1, 1]),
        [
          { kind: 'git-delete', page: 9 },
          { kind: 'platform-move', page: 13, parent: 4, at: 0, same: false },
          { kind: 'git-body', page: 0, at: 0 },
          { kind: 'sync-held' },
        ],
        emulators,
        'current',
        { platformEdits: 'adopt' },
        { readmeEdits: true },
      );
    });

    // Topic 1.2's description edited in the platform and Topic 1.1 removed in git, under adopt, with
    // change requests held for review.
    const adoptHeld: [string, LawOp[]][] = [
      [
        'adopt: a page git removed that the platform changed, left live in conflict, is not committed again once the platform removes its sibling, alike with state or without',
        [
          { kind: 'platform-description', page: 7 },
          { kind: 'git-delete', page: 0 },
          { kind: 'sync-held' },
          { kind: 'platform-delete', page: 0 },
          { kind: 'sync' },
        ],
      ],
      [
        "adopt: a conflict an earlier commit left on the branch still fails the run after the platform's next edit is kept, with state or without",
        [
          { kind: 'platform-description', page: 7 },
          { kind: 'git-delete', page: 0 },
          { kind: 'git-body', page: 0, at: 0 },
          { kind: 'sync-held' },
          { kind: 'platform-delete', page: 0 },
          { kind: 'sync' },
        ],
      ],
      [
        'adopt: a second sync held for review, with nothing new in git, is skipped with state or without when the change request holds what the platform kept live',
        [
          { kind: 'platform-description', page: 8 },
          { kind: 'git-delete', page: 0 },
          { kind: 'sync-held' },
          { kind: 'sync-held' },
          { kind: 'platform-delete', page: 0 },
        ],
      ],
      [
        "adopt: a reviewer's fix in docsync's change request of a page whose platform version it held is kept with that version, with state or without",
        [
          { kind: 'platform-description', page: 8 },
          { kind: 'git-delete', page: 0 },
          { kind: 'sync-held' },
          { kind: 'platform-review', page: 14, at: 0 },
          { kind: 'sync-held' },
          { kind: 'platform-delete', page: 0 },
        ],
      ],
    ];
    for (const [title, ops] of adoptHeld)
      it(title, async () => {
        await runLaw(lawRepo([2, 0]), ops, emulators, 'current', { platformEdits: 'adopt' }, { readmeEdits: true });
      });

    it("preserve: the readme git edited and the platform moved under a section, held for review and then merged into git from the branch, is git's edit alone, no conflict, run with state or without", async () => {
      await runLaw(
        lawRepo([0, 2]),
        [
          { kind: 'git-body', page: 0, at: 0 },
          { kind: 'platform-move', page: 0, parent: 2, at: 0, same: false },
          { kind: 'sync-held' },
          { kind: 'git-merge' },
          { kind: 'platform-add', parent: 0, at: 0 },
        ],
        emulators,
        'current',
        { platformEdits: 'preserve' },
        { readmeEdits: true },
      );
    });

    it("adopt: an image the platform puts in a page it retitled, after docsync's change request holding the title waited for review, is kept with no conflict, run with state or without", async () => {
      await runLaw(
        lawRepo([0, 2]),
        [
          { kind: 'git-move', page: 0, parent: 0, at: 0, same: false },
          { kind: 'platform-title', page: 2 },
          { kind: 'sync-held' },
          { kind: 'platform-image', page: 27 },
          { kind: 'sync' },
        ],
        emulators,
        'current',
        { platformEdits: 'adopt' },
        { readmeEdits: true },
      );
    });

    it("preserve: a sync with nothing new merges docsync's change request that waited for review, run with state or without", async () => {
      await runLaw(lawRepo([0, 0, 0]), [{ kind: 'platform-body', page: 0, at: 0 }, { kind: 'sync-held' }, { kind: 'sync' }], emulators, 'current', {
        platformEdits: 'preserve',
      });
    });

    it('adopt: a page the platform added under a page git then removed, held twice for review, is found in the change request as delivered, with state or without', async () => {
      await runLaw(
        lawRepo([1, 1]),
        [{ kind: 'platform-add', parent: 5, at: 0 }, { kind: 'sync-held' }, { kind: 'git-delete', page: 3 }, { kind: 'sync-held' }, { kind: 'sync' }],
        emulators,
        'current',
        { platformEdits: 'adopt' },
        { readmeEdits: true },
      );
    });

    it("preserve: a section the platform moved while docsync waited for review, that git then moved too, is live once at git's path once git merged the branch (a rename on both sides, git's kept)", async () => {
      await runLaw(
        lawRepo([1, 0, 1]),
        [
          { kind: 'git-body', page: 15, at: 0 },
          { kind: 'platform-move', page: 0, parent: 8, at: 0, same: true },
          { kind: 'sync-held' },
          { kind: 'git-move', page: 1, parent: 0 },
          { kind: 'git-merge' },
          { kind: 'platform-add', parent: 0, at: 0 },
        ],
        emulators,
        'current',
        { platformEdits: 'preserve' },
        { readmeEdits: true },
      );
    });
  });

  it('adopt: a subpage of a section the platform gave a new slug, that git then moved and edited, is the same page to a runner without state', async () => {
    await runLaw(
      lawRepo([1, 2, 0]),
      [
        { kind: 'git-add', parent: 0 },
        { kind: 'platform-body', page: 18, at: 0 },
        { kind: 'platform-slug', page: 17, same: false },
        { kind: 'sync' },
        { kind: 'git-move', page: 0, parent: 0, at: 0, same: true },
        { kind: 'sync' },
      ],
      emulators,
      'current',
      { platformEdits: 'adopt' },
      { readmeEdits: true },
    );
  });

  it('preserve: a section the platform gave a new slug, made the first page by git merging the branch, is that section still, not the readme', async () => {
    await runLaw(
      lawRepo([1, 0, 1]),
      [
        { kind: 'platform-move', page: 0, parent: 2, at: 0, same: false },
        { kind: 'sync-held' },
        { kind: 'platform-slug', page: 7, same: false },
        { kind: 'git-merge' },
        { kind: 'platform-add', parent: 0, at: 0 },
      ],
      emulators,
      'current',
      { platformEdits: 'preserve' },
    );
  });

  // A runner with state plans a git change from its state alone and learns from the change request it
  // opens that main moved (the platform's edit): it plans again with that change request, empty, live.
  // Read from `HEAD`, the plan from state never waits on files too recent to trust.
  describe('planned from state, main found moved', () => {
    it("adopt: a subpage git edited under a page given a new slug in the platform is reported alike, none of it as edits in docsync's change request", async () => {
      await runLaw(lawRepo([2, 0, 0]), [{ kind: 'git-body', page: 2, at: 0 }, { kind: 'platform-slug', page: 0 }, { kind: 'sync' }], emulators, 'current', {
        platformEdits: 'adopt',
        source: 'HEAD',
      });
    });

    it('preserve: a page git and the platform both edited, which the platform also moved, merges where lines do not clash', async () => {
      await runLaw(
        lawRepo([0, 2]),
        [
          { kind: 'git-body', page: 1, at: 0 },
          { kind: 'platform-body', page: 1, at: 2 },
          { kind: 'platform-move', page: 1, parent: 3, at: 0 },
          { kind: 'sync' },
        ],
        emulators,
        'current',
        { platformEdits: 'preserve', source: 'HEAD' },
      );
    });

    it("adopt: a conflict left live the run that planned again skipped is held, so git's resolution goes live", async () => {
      await runLaw(
        lawRepo([0, 2]),
        [{ kind: 'platform-body', page: 1, at: 0 }, { kind: 'git-body', page: 1, at: 0 }, { kind: 'sync' }, { kind: 'git-merge' }, { kind: 'sync' }],
        emulators,
        'current',
        { platformEdits: 'adopt', source: 'HEAD' },
        { readmeEdits: true },
      );
    });
  });
});
