import { afterAll, beforeAll, describe, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { startTestEmulator } from '../../support/emulator-harness.js';
import { lawRepo } from '../../support/platform-law-repo.js';
import { runLaw } from '../../support/platform-law-run.js';
import { removeTempDirs } from '../../support/temp-tree.js';

// Sequences the law of platform edits found failing on the seed's API (content delivered by zip
// import), each replayed as it was found, with every check of the law after each sync
// (test/integration/platform-edits-law.test.ts).
afterAll(() => removeTempDirs());

const SEED = { delivery: 'import' } as const;

describe('the law of platform edits, by example, on the seed contract', () => {
  let emulators: RunningEmulator[] = [];
  beforeAll(async () => {
    emulators = await Promise.all([0, 1].map(() => startTestEmulator({ contract: 'seed', strict: false })));
  });
  afterAll(() => Promise.all(emulators.map((emulator) => emulator.close())));

  for (const platformEdits of ['preserve', 'adopt'] as const)
    it(`${platformEdits}: a page deleted in the platform, then another edited there, is kept removed by a runner without state too`, async () => {
      await runLaw(lawRepo([0, 2]), [{ kind: 'platform-delete', page: 0 }, { kind: 'platform-body', page: 0, at: 0 }, { kind: 'sync' }], emulators, 'seed', {
        ...SEED,
        platformEdits,
      });
    });

  it('adopt: a page retitled in the platform and left live is not reported again by a runner without state', async () => {
    await runLaw(lawRepo([0, 2]), [{ kind: 'platform-title', page: 0 }, { kind: 'sync' }, { kind: 'sync' }], emulators, 'seed', {
      ...SEED,
      platformEdits: 'adopt',
    });
  });

  it('adopt: a page retitled in the platform keeps its title live once git changes another page, and is not reported again by a runner without state', async () => {
    await runLaw(
      lawRepo([0, 2]),
      [{ kind: 'platform-title', page: 0 }, { kind: 'sync' }, { kind: 'git-body', page: 3, at: 0 }, { kind: 'sync' }],
      emulators,
      'seed',
      { ...SEED, platformEdits: 'adopt' },
    );
  });

  it('adopt: a page added in the platform and left live stays live on a runner without state when git adds a page and the platform edits another', async () => {
    await runLaw(
      lawRepo([0, 0, 0]),
      [{ kind: 'platform-add', parent: 0, at: 0 }, { kind: 'sync' }, { kind: 'git-add', parent: 0 }, { kind: 'platform-layout', page: 0 }, { kind: 'sync' }],
      emulators,
      'seed',
      { ...SEED, platformEdits: 'adopt' },
    );
  });

  for (const page of [0, 1])
    it(`preserve: ${page === 0 ? 'the readme' : 'a page'} retitled in the platform, its title merged into git, is not reported again by a runner without state`, async () => {
      await runLaw(
        lawRepo([0, 0, 0]),
        [{ kind: 'platform-title', page }, { kind: 'sync' }, { kind: 'git-merge' }, { kind: 'git-add', parent: 0 }, { kind: 'sync' }],
        emulators,
        'seed',
        { ...SEED, platformEdits: 'preserve' },
      );
    });

  for (const platformEdits of ['preserve', 'adopt'] as const)
    it(`${platformEdits}: a page changed by a zip import made in the platform is kept before git's change of another page is imported`, async () => {
      await runLaw(
        lawRepo([0, 2]),
        [{ kind: 'platform-import', page: 1, at: 0 }, { kind: 'git-body', page: 3, at: 0 }, { kind: 'sync' }, { kind: 'sync' }],
        emulators,
        'seed',
        { ...SEED, platformEdits },
      );
    });

  for (const parent of [0, 1])
    it(`adopt: the readme retitled in the platform, then a page git moves ${parent === 0 ? 'to the top' : 'under another'}, is decided alike by a runner without state`, async () => {
      await runLaw(
        lawRepo([0, 2]),
        [{ kind: 'platform-title', page: 0 }, { kind: 'sync' }, { kind: 'git-move', page: 0, parent }, { kind: 'sync' }, { kind: 'sync' }],
        emulators,
        'seed',
        { ...SEED, platformEdits: 'adopt' },
        { readmeEdits: true },
      );
    });

  // The seed's pages keep their git source wherever the editor moves them (`git.path` names the blob in
  // git's tree): a new slug changes the page's live path, not its git path.
  for (const platformEdits of ['preserve', 'adopt'] as const)
    for (const [page, what] of [
      [0, 'a page'],
      [1, 'a page with subpages'],
    ] as const)
      it(`${platformEdits}: ${what} given a new slug in the platform is kept when git changes another page, on a runner without state too`, async () => {
        await runLaw(
          lawRepo([0, 2]),
          [{ kind: 'platform-slug', page }, { kind: 'git-body', page: 0, at: 0 }, { kind: 'sync' }, { kind: 'sync' }],
          emulators,
          'seed',
          {
            ...SEED,
            platformEdits,
          },
        );
      });

  // A page edited in the platform loses its git source: one given a new slug as well is read by its
  // place all the same, and told by its id from the page it was.
  for (const slugFirst of [true, false])
    it(`preserve: a page given a new slug in the platform ${slugFirst ? 'before' : 'after'} its description is edited there is kept, on a runner without state too`, async () => {
      const slug = { kind: 'platform-slug', page: 1 } as const;
      const description = { kind: 'platform-description', page: 2 } as const;
      await runLaw(lawRepo([0, 0, 0]), slugFirst ? [slug, description] : [description, slug], emulators, 'seed', {
        ...SEED,
        platformEdits: 'preserve',
      });
    });

  for (const platformEdits of ['preserve', 'adopt'] as const)
    it(`${platformEdits}: a page with subpages given a new slug and a new description in the platform, that git edits, is one page moved and edited, on a runner with state too`, async () => {
      await runLaw(
        lawRepo([0, 2]),
        [{ kind: 'platform-description', page: 2 }, { kind: 'platform-slug', page: 1 }, { kind: 'git-body', page: 2, at: 0 }, { kind: 'sync' }],
        emulators,
        'seed',
        { ...SEED, platformEdits },
        { readmeEdits: true },
      );
    });

  it('adopt: a page reordered in the platform and a section retitled there, left live while git removes another page, are not reported again by a runner with state', async () => {
    await runLaw(
      lawRepo([0, 2]),
      [{ kind: 'git-delete', page: 0 }, { kind: 'platform-move', page: 3, parent: 0, at: 0 }, { kind: 'platform-title', page: 1 }, { kind: 'sync' }],
      emulators,
      'seed',
      { ...SEED, platformEdits: 'adopt' },
      { readmeEdits: true },
    );
  });

  // An edit in the editor drops a page's git source (here every page's): the readme laid out and
  // moved under a section is read by its place, a page of its own there, by a runner with state as by
  // one without; git's edit of it, where there is one, is merged into it there.
  for (const gitEdit of [false, true])
    it(`adopt: the readme laid out and moved under a section in the platform${gitEdit ? ' and edited in git' : ''}, every other page edited or removed there, is decided alike by a runner without state`, async () => {
      await runLaw(
        lawRepo([0, 0, 0]),
        [
          ...(gitEdit ? [{ kind: 'git-body', page: 0, at: 0 } as const] : []),
          { kind: 'platform-description', page: 1 },
          { kind: 'platform-description', page: 2 },
          { kind: 'platform-layout', page: 0 },
          { kind: 'platform-delete', page: 2 },
          { kind: 'platform-move', page: 0, parent: 2, at: 0 },
          { kind: 'sync' },
        ],
        emulators,
        'seed',
        { ...SEED, platformEdits: 'adopt' },
        { readmeEdits: true },
      );
    });

  for (const platformEdits of ['preserve', 'adopt'] as const) {
    for (const at of [undefined, 0])
      it(`${platformEdits}: a page git moved${at === undefined ? '' : ' and edited'} that the platform edited where it was is one page, at git's path, with no conflict`, async () => {
        await runLaw(
          lawRepo([0, 2]),
          [
            { kind: 'platform-body', page: 1, at: 2 },
            { kind: 'git-move', page: 0, parent: 0, ...(at === undefined ? {} : { at }) },
            { kind: 'sync' },
            { kind: 'git-merge' },
            { kind: 'sync' },
          ],
          emulators,
          'seed',
          { ...SEED, platformEdits },
          { readmeEdits: true },
        );
      });

    it(`${platformEdits}: a page git moved under another page and edited, that the platform edited in the same lines, is a conflict at git's path`, async () => {
      await runLaw(
        lawRepo([0, 2]),
        [{ kind: 'git-move', page: 0, parent: 3, at: 0 }, { kind: 'platform-body', page: 1, at: 0 }, { kind: 'sync' }, { kind: 'sync' }],
        emulators,
        'seed',
        { ...SEED, platformEdits },
        { readmeEdits: true },
      );
    });
  }

  for (const platformEdits of ['preserve', 'adopt'] as const)
    it(`${platformEdits}: a page the platform moves under a page git moved and edited is listed under git's path of it`, async () => {
      await runLaw(
        lawRepo([0, 0, 0]),
        [{ kind: 'git-move', page: 0, parent: 0, at: 0 }, { kind: 'platform-move', page: 2, parent: 3, at: 0 }, { kind: 'sync' }],
        emulators,
        'seed',
        { ...SEED, platformEdits },
        { readmeEdits: true },
      );
    });

  for (const platformEdits of ['preserve', 'adopt'] as const)
    it(`${platformEdits}: a page the platform moves under a page git removes is on the branch under that page, a conflict there`, async () => {
      await runLaw(
        lawRepo([2, 0]),
        [{ kind: 'git-delete', page: 1 }, { kind: 'platform-move', page: 3, parent: 5, at: 0 }, { kind: 'platform-body', page: 0, at: 0 }, { kind: 'sync' }],
        emulators,
        'seed',
        { ...SEED, platformEdits },
        { readmeEdits: true },
      );
    });

  it('adopt: the readme the platform moves under a page git removes, and edits there, stays live under that page, a conflict on the branch', async () => {
    await runLaw(
      lawRepo([2, 0]),
      [{ kind: 'git-delete', page: 0 }, { kind: 'platform-move', page: 0, parent: 3, at: 0 }, { kind: 'platform-body', page: 0, at: 0 }, { kind: 'sync' }],
      emulators,
      'seed',
      { ...SEED, platformEdits: 'adopt' },
      { readmeEdits: true },
    );
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
      'seed',
      { ...SEED, platformEdits: 'adopt' },
      { readmeEdits: true },
    );
  });

  it("adopt: a page the platform reordered that git edited goes live with git's edit, in the platform's order", async () => {
    await runLaw(
      lawRepo([2, 0]),
      [
        { kind: 'git-body', page: 3, at: 0 },
        { kind: 'platform-move', page: 0, parent: 0, at: 0, same: true },
        { kind: 'platform-description', page: 0 },
      ],
      emulators,
      'seed',
      { ...SEED, platformEdits: 'adopt' },
      { readmeEdits: true },
    );
  });

  for (const platformEdits of ['preserve', 'adopt'] as const)
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
          'seed',
          { ...SEED, platformEdits },
          { readmeEdits: true },
        );
      });

  it("preserve: a page git moved and edited, retitling the readme, that the platform removed is a conflict at git's path", async () => {
    await runLaw(
      lawRepo([0, 0, 0]),
      [
        { kind: 'git-move', page: 0, parent: 0, at: 0 },
        { kind: 'platform-title', page: 0 },
        { kind: 'platform-delete', page: 0, same: true },
        { kind: 'git-move', page: 0, parent: 0, at: 0 },
      ],
      emulators,
      'seed',
      { ...SEED, platformEdits: 'preserve' },
      { readmeEdits: true },
    );
  });

  it('adopt: a conflict left live fails the next unchanged run alike on a runner without state, the branch not written again', async () => {
    await runLaw(
      lawRepo([0, 0, 0]),
      [{ kind: 'git-body', page: 1, at: 0 }, { kind: 'platform-body', page: 1, at: 0 }, { kind: 'sync' }],
      emulators,
      'seed',
      { ...SEED, platformEdits: 'adopt' },
      { readmeEdits: true },
    );
  });

  it("adopt: a page the platform moved, git's edit of it merged there, is decided alike by a runner without state on the next unchanged run", async () => {
    await runLaw(
      lawRepo([0, 0, 0]),
      [
        { kind: 'platform-move', page: 6, parent: 3, at: 0 },
        { kind: 'platform-body', page: 0, at: 0 },
        { kind: 'sync' },
        { kind: 'git-body', page: 6, at: 0 },
        { kind: 'sync' },
      ],
      emulators,
      'seed',
      { ...SEED, platformEdits: 'adopt' },
      { readmeEdits: true },
    );
  });

  it("adopt: a page git moves under a page the platform deletes goes live at that page's place, under its parent, on a runner without state too", async () => {
    await runLaw(
      lawRepo([1, 0, 2]),
      [
        { kind: 'git-move', page: 0, parent: 6 },
        { kind: 'platform-delete', page: 3 },
        { kind: 'platform-body', page: 0, at: 0 },
      ],
      emulators,
      'seed',
      { ...SEED, platformEdits: 'adopt' },
      { readmeEdits: true },
    );
  });

  // A page the platform added and a sync left live, given a new slug there since: a rename of its file
  // on the branch, which git deleting its parent (B) does not undo at the next import.
  for (const gitDeletes of [false, true])
    it(`adopt: a page added in the platform and left live, then given a new slug there, is renamed on the branch${gitDeletes ? ', its parent deleted in git' : ''}`, async () => {
      await runLaw(
        lawRepo([0, 1, 0, 0]),
        [
          { kind: 'platform-add', parent: 0, at: 0 },
          { kind: 'sync' },
          { kind: 'platform-slug', page: 17, same: false },
          ...(gitDeletes ? [{ kind: 'git-delete', page: 0 } as const] : []),
          { kind: 'platform-import', page: 0, at: 0 },
        ],
        emulators,
        'seed',
        { ...SEED, platformEdits: 'adopt' },
        { readmeEdits: true },
      );
    });

  it("adopt: git's page moved under a page the platform removed goes under that page's parent, which the platform moved and renamed", async () => {
    await runLaw(
      lawRepo([0, 1, 0, 1]),
      [
        { kind: 'git-move', page: 0, parent: 6 },
        { kind: 'platform-delete', page: 3 },
        { kind: 'platform-move', page: 5, parent: 2, at: 0, same: false },
        { kind: 'platform-body', page: 0, at: 0 },
      ],
      emulators,
      'seed',
      { ...SEED, platformEdits: 'adopt' },
      { readmeEdits: true },
    );
  });
});
