import { randomBytes } from 'node:crypto';
import { cp } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SpaceSyncResult } from '../../../src/sync/space-sync-result.js';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { call, json, startTestEmulator } from '../../support/emulator-harness.js';
import { editPageInPlatform } from '../../support/edit-page-in-platform.js';
import { configFor, syncOnce } from '../../support/sync-harness.js';
import { git, makeTempDir, removeTempDirs, writeTree } from '../../support/temp-tree.js';
import { commitWithRemote, reconcilePass } from '../../support/platform-edits-workspace.js';

// Every page of every repository shape of the corpus, edited in the platform (its markdown; its
// title and layout), kept on the branch (`adopt`), the branch merged: syncing it back is a no-op.
const CORPUS = new URL('../../fixtures/corpus/', import.meta.url).pathname;
const BRANCH = 'docsync/platform-edits/docs';
const KIB = 1024;

/** `links`: pages whose body links an asset (images, `src=` attributes, `{% file %}`). */
const REPOS: readonly { name: string; links: number; target?: Record<string, unknown>; generated?: Record<string, Uint8Array> }[] = [
  { name: 'deep-nesting', links: 0 },
  { name: 'shared-folder', links: 1 },
  { name: 'docs-root-redirects', links: 1 },
  {
    name: 'large-assets',
    links: 2,
    target: { import: { maxBytes: 512 * KIB } },
    generated: { '.gitbook/assets/flight-1.png': randomBytes(120 * KIB), '.gitbook/assets/flight-2.png': randomBytes(120 * KIB) },
  },
  { name: 'readme-not-listed', links: 0 },
  { name: 'editor-export', links: 2 },
  { name: 'unicode-names', links: 1 },
];

const CONTRACTS = {
  seed: { options: { contract: 'seed' }, target: { mode: 'direct', delivery: 'import' } },
  current: { options: { contract: 'current', strict: false }, target: { mode: 'direct' } },
} as const;

afterAll(() => removeTempDirs());

for (const [contract, setup] of Object.entries(CONTRACTS)) {
  describe(`corpus: pages edited in the platform, committed back, synced unchanged (${contract} contract)`, () => {
    let emulator: RunningEmulator;
    beforeAll(async () => {
      emulator = await startTestEmulator(setup.options);
    });
    afterAll(() => emulator.close());

    /** Every document page of the space's main content that holds a file of the repo: id and markdown. */
    async function livePages(): Promise<{ id: string; title: string; markdown: string }[]> {
      type Live = { id: string; title: string; type: string; pages?: Live[] };
      const flat = (list: readonly Live[]): Live[] => list.flatMap((page) => [page, ...flat(page.pages ?? [])]);
      const pages = flat(json((await call(emulator, 'GET', '/v1/spaces/space-docs/content/pages')).body).pages as Live[]).filter(
        (page) => page.type === 'document',
      );
      const read = await Promise.all(
        pages.map(async (page) => ({
          id: page.id,
          title: page.title,
          markdown: json((await call(emulator, 'GET', `/v1/spaces/space-docs/content/page/${page.id}`, { query: { format: 'markdown' } })).body)
            .markdown as string,
          holds: (page.pages ?? []).length > 0,
        })),
      );
      // A page docsync made of a `##` group (holding the group's pages, nothing but its title in it) is no file of the repo.
      const empty = (page: { title: string; markdown: string }): boolean => page.markdown.replace(`# ${page.title}`, '').trim() === '';
      return read.filter((page) => !empty(page) || !page.holds).map(({ holds: _holds, ...page }) => page);
    }

    async function writesOf(run: () => Promise<unknown>): Promise<number> {
      const before = emulator.stats().writes;
      await run();
      return emulator.stats().writes - before;
    }

    /** The corpus repo in a repository of its own with a remote, synced once under `adopt`. */
    async function syncedRepo(repo: (typeof REPOS)[number], prefix: string) {
      emulator.reset();
      const dir = await makeTempDir(`${prefix}-${repo.name}-`);
      await cp(join(CORPUS, repo.name), join(dir, 'docs'), { recursive: true });
      await writeTree(join(dir, 'docs'), repo.generated ?? {});
      const remote = await commitWithRemote(dir, ['--all']);
      const loaded = configFor(emulator, dir, { ...setup.target, ...repo.target, platformEdits: 'adopt' });
      expect((await syncOnce(loaded)).failures).toEqual([]);
      return { dir, remote, loaded };
    }

    /** The platform-edits branch merged into the synced branch: a sync and a reconcile pass write nothing. */
    async function mergeBranchAndSyncAgain(dir: string, loaded: Parameters<typeof syncOnce>[0]): Promise<void> {
      git(dir, 'fetch', '--quiet', 'origin', BRANCH);
      git(dir, 'merge', '--quiet', '--ff-only', 'FETCH_HEAD');
      let back: Awaited<ReturnType<typeof syncOnce>> | undefined;
      expect(await writesOf(async () => (back = await syncOnce(loaded)))).toBe(0);
      expect(back?.failures).toEqual([]);
      expect(back?.results[0]?.platformEdits).toBeUndefined();
      expect(await writesOf(() => reconcilePass(emulator, loaded))).toBe(0);
    }

    it.each(REPOS)('$name', async (repo) => {
      const { dir, remote, loaded } = await syncedRepo(repo, 'docsync-edits');

      // Every page edited in the editor, as it holds it (links to files by id on today's API).
      const pages = await livePages();
      for (const page of pages)
        await editPageInPlatform(emulator, 'space-docs', { pageId: page.id, markdown: `${page.markdown.trimEnd()}\n\nEdited in the editor: ${page.title}.\n` });
      const edited = await livePages();
      // Today's API holds the links of pages sent in batches by file id.
      if (contract === 'current') expect(edited.filter((page) => page.markdown.includes('/files/'))).toHaveLength(repo.links);

      // The daemon's pass notices them (an unchanged repo on a runner with state costs no call at all).
      let result: SpaceSyncResult | undefined;
      expect(await writesOf(async () => (result = (await reconcilePass(emulator, loaded)).result))).toBe(0);
      expect(result?.platformEdits?.pages.map((page) => page.outcome)).toEqual(pages.map(() => 'edited'));
      expect(result?.platformEdits?.pushed).toBe(true);
      expect(await livePages()).toEqual(edited);

      // Committed as the repo writes it: files by their paths, never by the platform's ids.
      const committed = (result?.platformEdits?.pages ?? []).map((page) => git(remote, 'show', `${BRANCH}:${page.file}`));
      for (const text of committed) {
        expect(text).toContain('Edited in the editor: ');
        expect(text).not.toMatch(/\/files\//);
      }
      expect(committed.filter((text) => /\]\([./]*\.gitbook\/assets\/|src="[./]*\.gitbook\/assets\//.test(text))).toHaveLength(repo.links);

      // The branch merged into the synced branch: nothing to write, now or on a reconcile pass.
      await mergeBranchAndSyncAgain(dir, loaded);
      expect(await livePages()).toEqual(edited);
    });

    it.each(REPOS)('$name: titles and layouts', async (repo) => {
      const { dir, remote, loaded } = await syncedRepo(repo, 'docsync-titles');

      // Every page retitled and its outline hidden in the editor.
      const pages = await livePages();
      for (const page of pages)
        await editPageInPlatform(emulator, 'space-docs', { pageId: page.id, newTitle: `${page.title} (edited)`, layout: { outline: false } });
      const edited = await liveLayouts();
      expect(edited.map((page) => page.title)).toEqual(pages.map((page) => `${page.title} (edited)`));
      expect(edited.every((page) => page.outline === false)).toBe(true);

      let result: SpaceSyncResult | undefined;
      expect(await writesOf(async () => (result = (await reconcilePass(emulator, loaded)).result))).toBe(0);
      expect(result?.platformEdits?.pages.map((page) => page.outcome)).toEqual(pages.map(() => 'edited'));
      expect(result?.platformEdits?.pushed).toBe(true);
      const committed = (result?.platformEdits?.pages ?? []).map((page) => git(remote, 'show', `${BRANCH}:${page.file}`));
      for (const text of committed) expect(text).toMatch(/^---\n(?:.*\n)*layout:\n(?:.*\n)* {2}outline:\n {4}visible: false\n/);
      expect(await liveLayouts()).toEqual(edited);

      // The branch merged: the titles and layouts git now holds are the live ones, nothing to write.
      await mergeBranchAndSyncAgain(dir, loaded);
      expect(await liveLayouts()).toEqual(edited);
    });

    /** Every document page of the space's main content: title, markdown and whether its outline shows. */
    async function liveLayouts(): Promise<{ title: string; markdown: string; outline: unknown }[]> {
      const pages = await livePages();
      return Promise.all(
        pages.map(async (page) => {
          const full = json((await call(emulator, 'GET', `/v1/spaces/space-docs/content/page/${page.id}`)).body) as { layout?: { outline?: unknown } };
          return { title: page.title, markdown: page.markdown, outline: full.layout?.outline };
        }),
      );
    }
  });
}
