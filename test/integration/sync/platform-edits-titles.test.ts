import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { FileStateStore } from '../../../src/state/file-state-store.js';
import { BASE_VERSION } from '../../../src/sync/platform-edits/base-version.js';
import { call, json, startTestEmulator } from '../../support/emulator-harness.js';
import { editPageInPlatform } from '../../support/edit-page-in-platform.js';
import { configFor, syncOnce } from '../../support/sync-harness.js';
import { git, removeTempDirs } from '../../support/temp-tree.js';
import { reconcilePass, repoWorkspace } from '../../support/platform-edits-workspace.js';

// Titles and layouts changed in the platform's editor are platform edits like any other: kept on the
// branch where the repo says them (a page's `# ` heading, its SUMMARY.md link text, `layout:`).
const BRANCH = 'docsync/platform-edits/docs';
const QUICKSTART = 'getting-started/quickstart.md';
const INSTALLATION = 'getting-started/installation.md';
const CONTRACTS = {
  // A zip import titles a page by its SUMMARY.md link text.
  seed: { options: { contract: 'seed' }, target: { mode: 'direct', delivery: 'import' } },
  // Content batches title it by its document: the page's `# ` heading.
  current: { options: { contract: 'current', strict: false }, target: { changeRequest: { autoMerge: true } } },
} as const;

afterAll(() => removeTempDirs());

interface LivePage {
  id: string;
  title: string;
  markdown: string;
  layout: Record<string, unknown>;
}

for (const [contract, setup] of Object.entries(CONTRACTS)) {
  describe(`platform edits of titles and layouts (${contract} contract)`, () => {
    let emulator: RunningEmulator;
    beforeAll(async () => {
      emulator = await startTestEmulator(setup.options);
    });
    afterAll(() => emulator.close());
    beforeEach(() => emulator.reset());

    /** The live document page synced from this file (its slug is the file's name), read in full. */
    async function livePage(file: string): Promise<LivePage> {
      type Listed = { id: string; type: string; path?: string; pages?: Listed[] };
      const flat = (list: readonly Listed[]): Listed[] => list.flatMap((page) => [page, ...flat(page.pages ?? [])]);
      const pages = flat(json((await call(emulator, 'GET', '/v1/spaces/space-docs/content/pages')).body).pages as Listed[]);
      const slug = file.replace(/^.*\//, '').replace(/\.md$/, '');
      const page = pages.find((p) => p.type === 'document' && p.path?.split('/').pop() === slug);
      if (!page) throw new Error(`no live page ${file}`);
      return json(
        (await call(emulator, 'GET', `/v1/spaces/space-docs/content/page/${page.id}`, { query: { format: 'markdown' } })).body,
      ) as unknown as LivePage;
    }

    async function workspace(platformEdits: 'preserve' | 'adopt') {
      const { dir, docs, remote } = await repoWorkspace();
      const loaded = configFor(emulator, dir, { ...setup.target, platformEdits });
      expect((await syncOnce(loaded)).failures).toEqual([]);
      const gitText = await readFile(join(docs, QUICKSTART), 'utf8');
      return { dir, docs, remote, loaded, gitText, head: git(dir, 'rev-parse', 'HEAD').trim() };
    }

    it("preserve: a title changed in the editor is committed where the repo keeps it, and git's title goes live", async () => {
      const { dir, remote, loaded, gitText, head } = await workspace('preserve');
      await editPageInPlatform(emulator, 'space-docs', { title: 'Quickstart', newTitle: 'Begin here' });

      const { result, writes } = await reconcilePass(emulator, loaded);
      expect(result.platformEdits).toMatchObject({ branch: BRANCH, pages: [{ file: `docs/${QUICKSTART}`, outcome: 'edited' }], conflicts: 0, pushed: true });
      expect(writes).toBeGreaterThan(0);
      const summary = git(remote, 'show', `${BRANCH}:docs/SUMMARY.md`);
      expect(summary).toContain('* [Begin here](getting-started/quickstart.md)\n');
      expect(summary).not.toContain('[Quickstart]');
      const committed = git(remote, 'show', `${BRANCH}:docs/${QUICKSTART}`);
      if (contract === 'current') expect(committed).toBe(gitText.replace('# Quickstart\n', '# Begin here\n'));
      // Where the link text titles the page, that is where the title goes: the page itself is git's.
      else expect(committed).toBe(gitText);
      expect(git(remote, 'diff', '--name-only', head, BRANCH).trim().split('\n')).toEqual(
        contract === 'current' ? ['docs/SUMMARY.md', `docs/${QUICKSTART}`] : ['docs/SUMMARY.md'],
      );
      expect((await livePage(QUICKSTART)).title).toBe('Quickstart');

      const again = await reconcilePass(emulator, loaded);
      expect(again.result.platformEdits).toBeUndefined();
      expect(again.writes).toBe(0);
      expect(git(dir, 'status', '--porcelain', '--untracked-files=no')).toBe('');
    });

    it("preserve: a layout changed in the editor is committed as GitBook's `layout:` frontmatter, and git's layout goes live", async () => {
      const { remote, loaded, gitText } = await workspace('preserve');
      await editPageInPlatform(emulator, 'space-docs', { title: 'Quickstart', layout: { outline: false, pagination: false } });
      expect((await livePage(QUICKSTART)).layout).toMatchObject({ outline: false, pagination: false });

      const { result } = await reconcilePass(emulator, loaded);
      expect(result.platformEdits).toMatchObject({ pages: [{ file: `docs/${QUICKSTART}`, outcome: 'edited' }], pushed: true });
      const layout = ['title', 'description', 'tableOfContents', 'outline', 'pagination']
        .map((key) => `  ${key}:\n    visible: ${key !== 'outline' && key !== 'pagination'}\n`)
        .join('');
      expect(git(remote, 'show', `${BRANCH}:docs/${QUICKSTART}`)).toBe(`---\nlayout:\n${layout}---\n${gitText}`);
      expect((await livePage(QUICKSTART)).layout).toMatchObject({ outline: true, pagination: true });
      expect((await reconcilePass(emulator, loaded)).writes).toBe(0);
    });

    it('adopt: the title and layout stay live; the branch merged, syncing back writes nothing', async () => {
      const { dir, remote, loaded } = await workspace('adopt');
      // A page titled by its heading and one titled by its link text alone (it has no heading).
      // Today's API sets a layout by the document, whose heading then titles the page: the layout first.
      await editPageInPlatform(emulator, 'space-docs', { title: 'Quickstart', layout: { outline: false } });
      await editPageInPlatform(emulator, 'space-docs', { title: 'Quickstart', newTitle: 'Begin here' });
      await editPageInPlatform(emulator, 'space-docs', { title: 'Installation', newTitle: 'Install it' });
      const edited = [await livePage(QUICKSTART), await livePage(INSTALLATION)];
      expect(edited.map((page) => page.title)).toEqual(['Begin here', 'Install it']);

      const { result, writes } = await reconcilePass(emulator, loaded);
      expect(result.platformEdits?.pages).toEqual([
        { file: `docs/${INSTALLATION}`, outcome: 'edited' },
        { file: `docs/${QUICKSTART}`, outcome: 'edited' },
      ]);
      expect(writes).toBe(0);
      expect([await livePage(QUICKSTART), await livePage(INSTALLATION)]).toEqual(edited);
      const summary = git(remote, 'show', `${BRANCH}:docs/SUMMARY.md`);
      expect(summary).toContain('* [Begin here](getting-started/quickstart.md)\n');
      expect(summary).toContain('* [Install it](getting-started/installation.md "Install docsync")\n');
      if (contract === 'current')
        expect(git(remote, 'show', `${BRANCH}:docs/${INSTALLATION}`)).toMatch(/^---\ndescription: .*\n---\n# Install it\n\ndocsync needs/s);

      git(dir, 'fetch', '--quiet', 'origin', BRANCH);
      git(dir, 'merge', '--quiet', '--ff-only', 'FETCH_HEAD');
      const before = emulator.stats().writes;
      const back = await syncOnce(loaded);
      expect(back.failures).toEqual([]);
      expect(back.results[0]?.platformEdits).toBeUndefined();
      expect(emulator.stats().writes - before).toBe(0);
      expect((await reconcilePass(emulator, loaded)).writes).toBe(0);
      expect([await livePage(QUICKSTART), await livePage(INSTALLATION)]).toEqual(edited);
    });

    it("changed on both sides: the platform's title and git's body merge cleanly, and go live together", async () => {
      const { dir, docs, remote, loaded, gitText } = await workspace('preserve');
      await editPageInPlatform(emulator, 'space-docs', { title: 'Quickstart', newTitle: 'Begin here' });
      const changed = `${gitText}\nA line added in git.\n`;
      await writeFile(join(docs, QUICKSTART), changed);
      git(dir, 'commit', '--quiet', '-am', 'Quickstart, in git');

      const report = await syncOnce(loaded);
      expect(report.failures).toEqual([]);
      expect(report.results[0]?.platformEdits).toMatchObject({ pages: [{ file: `docs/${QUICKSTART}`, outcome: 'merged' }], conflicts: 0 });
      const merged = contract === 'current' ? changed.replace('# Quickstart\n', '# Begin here\n') : changed;
      expect(git(remote, 'show', `${BRANCH}:docs/${QUICKSTART}`)).toBe(merged);
      expect(git(remote, 'show', `${BRANCH}:docs/SUMMARY.md`)).toContain('* [Begin here](getting-started/quickstart.md)\n');
      const live = await livePage(QUICKSTART);
      expect(live.title).toBe('Begin here');
      expect(live.markdown).toContain('A line added in git.');

      // Left live as merged: no write, no new commit, until a side changes it again.
      const again = await reconcilePass(emulator, loaded);
      expect(again.writes).toBe(0);
      expect(again.result.platformEdits).toBeUndefined();
      expect(git(remote, 'rev-list', '--count', `${git(dir, 'rev-parse', 'HEAD').trim()}..${BRANCH}`).trim()).toBe('1');
    });

    it('a runner without state tells a title and a layout changed in the editor, and keeps them', async () => {
      const { dir, remote, loaded } = await workspace('preserve');
      await editPageInPlatform(emulator, 'space-docs', { title: 'Installation', newTitle: 'Install it' });
      await editPageInPlatform(emulator, 'space-docs', { title: 'Quickstart', layout: { tableOfContents: false } });
      await rm(join(dir, '.docsync'), { recursive: true, force: true });

      const report = await syncOnce(loaded);
      expect(report.failures).toEqual([]);
      expect(report.results[0]?.platformEdits?.pages).toEqual([
        { file: `docs/${INSTALLATION}`, outcome: 'edited' },
        { file: `docs/${QUICKSTART}`, outcome: 'edited' },
      ]);
      expect(git(remote, 'show', `${BRANCH}:docs/SUMMARY.md`)).toContain('* [Install it](getting-started/installation.md "Install docsync")\n');
      expect(git(remote, 'show', `${BRANCH}:docs/${QUICKSTART}`)).toContain('  tableOfContents:\n    visible: false\n');
      expect((await livePage(INSTALLATION)).title).toBe('Installation');
      expect((await livePage(QUICKSTART)).layout).toMatchObject({ tableOfContents: true });

      await rm(join(dir, '.docsync'), { recursive: true, force: true });
      const before = emulator.stats().writes;
      const again = await syncOnce(loaded);
      expect(again.results[0]?.platformEdits).toBeUndefined();
      expect(emulator.stats().writes - before).toBe(0);
    });

    it('a base kept before fingerprints covered titles and layouts is made again from its blobs: no false edit, and a real one is kept', async () => {
      const { dir, loaded } = await workspace('preserve');
      // A store of its own for each read and write: it keeps what it read.
      const store = () => new FileStateStore(join(dir, '.docsync', 'state.json'));
      const saved = await store().get('space:docs');
      expect(saved?.base?.version).toBe(BASE_VERSION);
      // As an earlier docsync saved it: no version, fingerprints of another meaning.
      const old = (): NonNullable<typeof saved> => {
        const { version: _version, ...base } = saved!.base!;
        return {
          ...saved!,
          base: { ...base, pages: new Map([...base.pages].map(([path, entry]) => [path, { ...entry, fingerprint: `before:${entry.fingerprint}` }])) },
        };
      };
      await store().set('space:docs', old());
      const quiet = await reconcilePass(emulator, loaded);
      expect(quiet.result.platformEdits).toBeUndefined();
      expect(quiet.writes).toBe(0);
      expect((await store().get('space:docs'))?.base?.version).toBe(BASE_VERSION);

      await store().set('space:docs', old());
      await editPageInPlatform(emulator, 'space-docs', { title: 'Quickstart', newTitle: 'Begin here' });
      const kept = await reconcilePass(emulator, loaded);
      expect(kept.result.platformEdits).toMatchObject({ pages: [{ file: `docs/${QUICKSTART}`, outcome: 'edited' }], pushed: true });
      expect((await livePage(QUICKSTART)).title).toBe('Quickstart');
    });
  });
}
