import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/start-emulator.js';
import { createRevision } from '../../src/emulator/state/revisions.js';
import { startTestEmulator } from '../support/emulator-harness.js';
import { liveTree } from '../support/live-tree.js';
import { configFor, syncOnce } from '../support/sync-harness.js';
import { writeRepoFiles } from '../support/write-repo-files.js';
import { CHECK_REPO } from '../support/sameness-check-repo.js';

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startTestEmulator({ contract: 'current' });
});
afterAll(() => emulator.close());
beforeEach(() => emulator.reset());

/** What the editor does when someone adds groups to a space: group pages at the end of its main content. */
function addGroupsByHand(spaceId: string, titles: readonly string[]): void {
  const { state } = emulator;
  const space = state.spaces.get(spaceId);
  const current = space && state.revisions.get(space.revision);
  if (!space || !current) throw new Error(`no space ${spaceId} in the emulator`);
  const now = state.timestamp();
  const groups = titles.map((title) => {
    const slug = title.toLowerCase();
    return { id: state.newId('page'), title, path: slug, slug, type: 'group' as const, markdown: '', createdAt: now, updatedAt: now, pages: [] };
  });
  space.revision = createRevision(state, space.id, { pages: [...current.pages, ...groups], files: current.files }, [current.id]).id;
}

async function checkWorkspace(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'docsync-check-'));
  await writeRepoFiles(join(dir, 'docs'), CHECK_REPO);
  return dir;
}

const titled = (type: string, title: string, children: unknown[] = []) => ({ type, title, children });

describe("the sameness check on today's API, default configuration", () => {
  it('titles pages by the rule, keeps nesting, makes the groups and the unlinked item pages of their titles, names the link entry', async () => {
    const dir = await checkWorkspace();
    const first = await syncOnce(configFor(emulator, dir));
    expect(first.failures).toEqual([]);
    const result = first.results[0];
    // 4: frontmatter title, else the leading heading, else SUMMARY's text: a mid-page heading titles nothing.
    // 1 and 2: the API cannot create a group: each group's pages stay together under a page of its
    // title, and the unlinked item is a page of its title holding its two pages.
    expect(await liveTree(emulator, 'space-docs', result?.changeRequest?.id)).toEqual([
      titled('document', 'Introduction'),
      titled('document', 'Guide', [
        titled('document', 'Setting up'),
        titled('document', 'Choosing'),
        titled('document', 'Libraries', [titled('document', 'Python'), titled('document', 'Go')]),
      ]),
      titled('document', 'Reference', [titled('document', 'API')]),
    ]);
    // 3 (and 1): named in the report, hence in --json and the step summary; the unlinked item is a page, so not named.
    const warnings = result?.warnings ?? [];
    expect(warnings).toEqual(
      expect.arrayContaining([
        'SUMMARY.md: 1 link entry is not delivered ("Status page" at line 16): content batches cannot create link pages; it stays in SUMMARY.md only',
        expect.stringContaining(
          'the groups "Guide", "Reference" are not in the space and the API cannot create groups: each is a page of its title holding its pages',
        ),
      ]),
    );
    expect(warnings.some((warning) => warning.includes('without a link of its own'))).toBe(false);

    // `groups: flat`: the pages a level up, each thing named.
    emulator.reset();
    const flat = await syncOnce(configFor(emulator, await checkWorkspace(), { groups: 'flat' }));
    expect(flat.failures).toEqual([]);
    expect(await liveTree(emulator, 'space-docs', flat.results[0]?.changeRequest?.id)).toEqual(
      ['Introduction', 'Setting up', 'Choosing', 'Python', 'Go', 'API'].map((title) => titled('document', title)),
    );
    expect(flat.results[0]?.warnings).toEqual(
      expect.arrayContaining([
        'SUMMARY.md: 1 item without a link of its own is not delivered as a page ("Libraries" at line 9): the pages under it move up a level',
        expect.stringContaining('the groups "Guide", "Reference" are not in the space and the API cannot create groups: their pages go to the root'),
      ]),
    );
  });

  it('1: keeps the groups a space already holds, each with its pages', async () => {
    addGroupsByHand('space-docs', ['Guide', 'Reference']);
    const dir = await checkWorkspace();
    const first = await syncOnce(configFor(emulator, dir));
    expect(first.failures).toEqual([]);
    expect(await liveTree(emulator, 'space-docs', first.results[0]?.changeRequest?.id)).toEqual([
      titled('document', 'Introduction'),
      titled('group', 'Guide', [
        titled('document', 'Setting up'),
        titled('document', 'Choosing'),
        titled('document', 'Libraries', [titled('document', 'Python'), titled('document', 'Go')]),
      ]),
      titled('group', 'Reference', [titled('document', 'API')]),
    ]);
    expect(first.results[0]?.warnings.some((warning) => warning.includes('cannot create groups'))).toBe(false);
  });

  it('6: a fresh runner writes nothing, heading pages included', async () => {
    const dir = await checkWorkspace();
    expect((await syncOnce(configFor(emulator, dir))).failures).toEqual([]);
    await rm(join(dir, '.docsync'), { recursive: true, force: true });
    const before = emulator.stats();
    const again = await syncOnce(configFor(emulator, dir));
    const after = emulator.stats();
    expect(again.failures).toEqual([]);
    expect(again.results[0]?.outcome).toBe('skipped');
    expect(after.writes - before.writes).toBe(0);
    // The sync token in docsync's change request proves it holds these docs as delivered, in a few
    // small reads (test/integration/sync/stateless-noop.test.ts: the same for 8 pages and for 68).
    expect(after.total - before.total).toBeLessThanOrEqual(6);
  });
});
