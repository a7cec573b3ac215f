import { execFileSync } from 'node:child_process';
import { readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LoadedConfig } from '../../src/config/load-config.js';
import type { RunningEmulator } from '../../src/emulator/start-emulator.js';
import { startTestEmulator } from '../support/emulator-harness.js';
import { editPageInPlatform } from '../support/edit-page-in-platform.js';
import { liveMarkdown, repoWorkspace } from '../support/platform-edits-workspace.js';
import { call, json } from '../support/emulator-harness.js';
import { configFor, syncOnce } from '../support/sync-harness.js';
import { formatHuman } from '../../src/cli/sync-report.js';
import { git, makeTempDir, removeTempDirs } from '../support/temp-tree.js';

// The check: seven ordinary workflows on today's API, each with the example docs (a repo
// with a bare remote), in which an edit made in the platform must never be lost.
const PAGE = 'getting-started/quickstart.md';
const BRANCH = 'docsync/platform-edits/docs';
const MERGED = { changeRequest: { autoMerge: true } };

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startTestEmulator({ contract: 'current', strict: false });
});
afterAll(async () => {
  await emulator.close();
  await removeTempDirs();
});
beforeEach(() => emulator.reset());

async function commitLine(dir: string, file: string, line: string): Promise<void> {
  const path = join(dir, 'docs', file);
  await writeFile(path, `${await readFile(path, 'utf8')}\n${line}\n`);
  git(dir, 'commit', '--quiet', '-am', line);
}

async function sync(loaded: LoadedConfig) {
  const report = await syncOnce(loaded);
  expect(report.failures).toEqual([]);
  return report.results[0];
}

/** A reviewer's change to a page inside docsync's open change request, as the editor makes it (a content batch). */
async function editInChangeRequest(changeRequest: string, title: string, markdown: string): Promise<void> {
  type Live = { id: string; title: string; pages?: Live[] };
  const flat = (list: readonly Live[]): Live[] => list.flatMap((page) => [page, ...flat(page.pages ?? [])]);
  const pages = json((await call(emulator, 'GET', `/v1/spaces/space-docs/change-requests/${changeRequest}/content/pages`)).body).pages as Live[];
  // The last of that title: a heading page (a `##` group made a page) comes before the page it holds.
  const page = flat(pages).findLast((p) => p.title === title);
  if (!page) throw new Error(`no page ${title} in change request ${changeRequest}`);
  const answer = await call(emulator, 'POST', `/v1/spaces/space-docs/change-requests/${changeRequest}/content`, {
    body: { changes: [{ operation: 'update_page', page: page.id, document: { markdown } }] },
  });
  expect(answer.status).toBe(200);
}

/** The markdown of the page titled `title` in a change request. */
async function changeRequestMarkdown(changeRequest: string, title: string): Promise<string> {
  type Live = { id: string; title: string; pages?: Live[] };
  const flat = (list: readonly Live[]): Live[] => list.flatMap((page) => [page, ...flat(page.pages ?? [])]);
  const pages = json((await call(emulator, 'GET', `/v1/spaces/space-docs/change-requests/${changeRequest}/content/pages`)).body).pages as Live[];
  // The last of that title: a heading page (a `##` group made a page) comes before the page it holds.
  const page = flat(pages).findLast((p) => p.title === title);
  if (!page) throw new Error(`no page ${title} in change request ${changeRequest}`);
  return json(
    (await call(emulator, 'GET', `/v1/spaces/space-docs/change-requests/${changeRequest}/content/page/${page.id}`, { query: { format: 'markdown' } })).body,
  ).markdown as string;
}

describe("platform edits are never lost (today's API)", () => {
  for (const platformEdits of ['preserve', 'adopt'] as const) {
    it(`1. ${platformEdits}: a reviewer's edit in docsync's open change request survives the next sync`, async () => {
      const { dir, remote } = await repoWorkspace();
      // The space holds git's docs; then a git change waits in docsync's change request for review.
      await sync(configFor(emulator, dir, { ...MERGED, platformEdits }));
      const loaded = configFor(emulator, dir, { platformEdits });
      await commitLine(dir, 'reference/cli.md', 'A git change under review.');
      const created = await sync(loaded);
      const cr = created?.changeRequest?.id;
      if (cr === undefined) throw new Error('no change request opened');
      const reviewed = `${await changeRequestMarkdown(cr, 'Quickstart')}\nA reviewer's fix.\n`;
      await editInChangeRequest(cr, 'Quickstart', reviewed);
      await commitLine(dir, 'faq/README.md', 'A git change.');

      const next = await sync(loaded);
      expect(next?.platformEdits?.pages).toEqual([{ file: `docs/${PAGE}`, outcome: 'edited' }]);
      expect(git(remote, 'show', `${BRANCH}:docs/${PAGE}`)).toContain("A reviewer's fix.");
      expect(await changeRequestMarkdown(cr, 'FAQ')).toContain('A git change.');
      const inChangeRequest = await changeRequestMarkdown(cr, 'Quickstart');
      if (platformEdits === 'adopt') expect(inChangeRequest).toContain("A reviewer's fix.");
      else expect(inChangeRequest).not.toContain("A reviewer's fix.");
    });
  }

  for (const platformEdits of ['preserve', 'adopt'] as const)
    it(`1. ${platformEdits}: a reviewer's edit in docsync's change request survives its merge conflicting with an edit made in main since`, async () => {
      const { dir, remote } = await repoWorkspace();
      // Files as a repo holds them, old enough to trust: the next reads start from the kept one.
      const past = new Date(Date.now() - 3_600_000);
      for (const entry of await readdir(join(dir, 'docs'), { recursive: true, withFileTypes: true }))
        if (entry.isFile()) await utimes(join(entry.parentPath, entry.name), past, past);
      await sync(configFor(emulator, dir, { ...MERGED, platformEdits }));
      await commitLine(dir, 'reference/cli.md', 'A git change under review.');
      const opened = (await sync(configFor(emulator, dir, { platformEdits })))?.changeRequest;
      if (opened === undefined) throw new Error('no change request opened');
      await editInChangeRequest(opened.id, 'Quickstart', `${await changeRequestMarkdown(opened.id, 'Quickstart')}\nA reviewer's fix.\n`);
      const cli = await liveMarkdown(emulator, 'space-docs', 'CLI reference');
      await editPageInPlatform(emulator, 'space-docs', { title: 'CLI reference', markdown: cli.replace(/\n/, '\n\nEdited in main.\n') });
      await commitLine(dir, 'faq/README.md', 'A git change.');

      // The first pass's change request conflicts with main on the CLI page: archived, the next pass checks main again.
      const next = await sync(configFor(emulator, dir, { ...MERGED, platformEdits }));
      expect(next?.warnings.join('\n')).toContain(`change request #${opened.number} conflicted with main`);
      expect(next?.platformEdits?.pages).toEqual([
        { file: `docs/${PAGE}`, outcome: 'edited' },
        { file: 'docs/reference/cli.md', outcome: 'merged' },
      ]);
      expect(git(remote, 'show', `${BRANCH}:docs/${PAGE}`)).toContain("A reviewer's fix.");
      expect(git(remote, 'show', `${BRANCH}:docs/reference/cli.md`)).toMatch(/Edited in main\.[\s\S]*A git change under review\./);
      expect(await liveMarkdown(emulator, 'space-docs', 'CLI reference')).toMatch(/Edited in main\.[\s\S]*A git change under review\./);
      expect(await liveMarkdown(emulator, 'space-docs', 'FAQ')).toContain('A git change.');
      const quickstart = await liveMarkdown(emulator, 'space-docs', 'Quickstart');
      if (platformEdits === 'adopt') expect(quickstart).toContain("A reviewer's fix.");
      else expect(quickstart).not.toContain("A reviewer's fix.");
    });

  it("2. two successive platform edits of one page are both on the branch tip, with a person's commit between them", async () => {
    const { dir, remote } = await repoWorkspace();
    const loaded = configFor(emulator, dir, MERGED);
    await sync(loaded);
    const original = await liveMarkdown(emulator, 'space-docs', 'Quickstart');
    await editPageInPlatform(emulator, 'space-docs', { gitPath: PAGE, title: 'Quickstart', markdown: `First editor line.\n\n${original}` });
    await commitLine(dir, 'faq/README.md', 'A git change.');
    expect((await sync(loaded))?.platformEdits?.pages).toEqual([{ file: `docs/${PAGE}`, outcome: 'edited' }]);
    // A person commits on the branch too (a note beside the editor's line).
    const clone = await makeTempDir('docsync-clone-');
    git(clone, 'clone', '--quiet', '--branch', BRANCH, remote, '.');
    await writeFile(join(clone, 'docs', PAGE), git(clone, 'show', `HEAD:docs/${PAGE}`).replace('First editor line.', 'First editor line, reviewed.'));
    git(clone, '-c', 'user.name=Reviewer', '-c', 'user.email=reviewer@example.com', 'commit', '--quiet', '-am', 'Reviewed');
    git(clone, 'push', '--quiet', 'origin', BRANCH);
    const first = git(remote, 'rev-parse', BRANCH).trim();

    await editPageInPlatform(emulator, 'space-docs', { title: 'Quickstart', markdown: `${original}\nSecond editor line.\n` });
    await commitLine(dir, 'faq/README.md', 'Another git change.');
    expect((await sync(loaded))?.platformEdits?.pages).toEqual([{ file: `docs/${PAGE}`, outcome: 'edited' }]);
    const tip = git(remote, 'show', `${BRANCH}:docs/${PAGE}`);
    expect(tip).toContain('First editor line, reviewed.');
    expect(tip).toContain('Second editor line.');
    // The branch moved forward: its earlier commit is an ancestor of its tip.
    expect(() => git(remote, 'merge-base', '--is-ancestor', first, BRANCH)).not.toThrow();
  });

  it('5. a platform edit made after a skip run reaches the branch, then again once git changes', async () => {
    const { dir, remote } = await repoWorkspace();
    const loaded = configFor(emulator, dir, MERGED);
    await sync(loaded);
    // A corrupt state deleted, as the README advises: the next run finds the space in sync and skips.
    await rm(join(dir, '.docsync'), { recursive: true, force: true });
    expect((await sync(loaded))?.outcome).toBe('skipped');

    const original = await liveMarkdown(emulator, 'space-docs', 'Quickstart');
    await editPageInPlatform(emulator, 'space-docs', { gitPath: PAGE, title: 'Quickstart', markdown: `Edited after the skip.\n\n${original}` });
    expect((await sync(loaded))?.platformEdits?.pages).toEqual([{ file: `docs/${PAGE}`, outcome: 'edited' }]);
    expect(git(remote, 'show', `${BRANCH}:docs/${PAGE}`)).toContain('Edited after the skip.');
    expect(await liveMarkdown(emulator, 'space-docs', 'Quickstart')).not.toContain('Edited after the skip.');

    await editPageInPlatform(emulator, 'space-docs', { title: 'Quickstart', markdown: `${original}\nEdited again.\n` });
    await commitLine(dir, 'faq/README.md', 'A git change.');
    const next = await sync(loaded);
    expect(next?.platformEdits?.pages.map((page) => page.file)).toEqual([`docs/${PAGE}`]);
    expect(git(remote, 'show', `${BRANCH}:docs/${PAGE}`)).toContain('Edited again.');
    expect(git(remote, 'show', `${BRANCH}:docs/${PAGE}`)).toContain('Edited after the skip.');
    expect(await liveMarkdown(emulator, 'space-docs', 'Quickstart')).not.toContain('Edited again.');
  });

  it('3. under adopt, a conflict resolved in git as the message says goes live', async () => {
    const { dir, docs, remote } = await repoWorkspace();
    const loaded = configFor(emulator, dir, { ...MERGED, platformEdits: 'adopt' });
    await sync(loaded);
    const file = join(docs, PAGE);
    const original = await readFile(file, 'utf8');
    await editPageInPlatform(emulator, 'space-docs', { gitPath: PAGE, title: 'Quickstart', markdown: '# Quickstart\n\nThe platform says this.\n' });
    await writeFile(file, '# Quickstart\n\nGit says this.\n');
    git(dir, 'commit', '--quiet', '-am', 'Quickstart in git');
    const conflicted = await syncOnce(loaded);
    expect(conflicted.failures).toEqual([expect.objectContaining({ code: 'E_PLATFORM_EDITS_CONFLICT' })]);
    expect(await liveMarkdown(emulator, 'space-docs', 'Quickstart')).toContain('The platform says this.');

    // Resolved as the message says: the branch merged, its markers replaced by the chosen text.
    git(dir, 'fetch', '--quiet', 'origin', BRANCH);
    git(dir, 'merge', '--quiet', '--ff-only', 'FETCH_HEAD');
    expect(await readFile(file, 'utf8')).toContain('<<<<<<< git');
    await writeFile(file, '# Quickstart\n\nBoth agree on this.\n');
    git(dir, 'commit', '--quiet', '-am', 'Resolve the quickstart');
    expect(original).not.toContain('Both agree');

    const resolved = await sync(loaded);
    expect(resolved?.outcome).not.toBe('skipped');
    expect(await liveMarkdown(emulator, 'space-docs', 'Quickstart')).toBe('# Quickstart\n\nBoth agree on this.\n');
    expect(git(remote, 'rev-parse', BRANCH).trim()).not.toBe('');
  });

  // A move to another parent, a reorder among siblings, a new slug: each lands on the branch as the
  // platform has it, and stays live under adopt, whether the runner has state or not.
  const MOVES = [
    {
      name: 'a move under another page',
      edit: { move: 'Syncing from CI', into: 'CLI reference', at: 0 },
      pages: [
        { file: 'docs/guides/ci.md', outcome: 'removed' },
        // Its path follows its place: under "CLI reference", in the page of the "Reference" group's title.
        { file: 'docs/reference/cli/ci.md', outcome: 'edited' },
      ],
      bullets: ['* [CLI reference](reference/cli.md)', '  * [Syncing from CI](reference/cli/ci.md)'],
      file: 'reference/cli/ci.md',
      parent: 'CLI reference',
      at: 0,
    },
    {
      name: 'a reorder among its siblings',
      edit: { move: 'Syncing from CI', at: 0 },
      pages: [{ file: 'docs/guides/ci.md', outcome: 'moved' }],
      bullets: ['* [Guides](guides/README.md)', '  * [Syncing from CI](guides/ci.md)'],
      file: 'guides/ci.md',
      parent: 'Guides',
      at: 0,
    },
    {
      name: 'a new slug',
      edit: { move: 'Syncing from CI', slug: 'continuous-integration' },
      pages: [
        { file: 'docs/guides/ci.md', outcome: 'removed' },
        { file: 'docs/guides/continuous-integration.md', outcome: 'edited' },
      ],
      bullets: ['  * [Direct mode](guides/direct-mode.md)', '  * [Syncing from CI](guides/continuous-integration.md)'],
      file: 'guides/continuous-integration.md',
      parent: 'Guides',
      at: 3,
    },
  ] as const;
  for (const move of MOVES)
    for (const platformEdits of ['preserve', 'adopt'] as const)
      for (const stateless of [false, true]) {
        it(`4. ${platformEdits}, ${stateless ? 'without' : 'with'} state: ${move.name} in the platform lands on the branch${platformEdits === 'adopt' ? ' and stays live' : ''}`, async () => {
          const { dir, remote } = await repoWorkspace();
          const loaded = configFor(emulator, dir, { ...MERGED, platformEdits });
          await sync(loaded);
          const page = liveChildren(await liveTree(), 'Guides').find((p) => p.title === 'Syncing from CI');
          await editPageInPlatform(emulator, 'space-docs', move.edit);
          await commitLine(dir, 'faq/README.md', 'A git change.');
          if (stateless) await rm(join(dir, '.docsync'), { recursive: true, force: true });

          // A dry run names them as platform edits, and commits nothing.
          const dry = await syncOnce(loaded, true);
          expect(dry.results[0]?.platformEdits?.pages).toEqual(move.pages);
          expect(formatHuman(dry, true)).toContain(`platform edits: ${move.pages.length} page`);
          expect(() => git(remote, 'rev-parse', '--verify', '--quiet', BRANCH)).toThrow();

          const kept = await sync(loaded);
          expect(kept?.platformEdits?.pages).toEqual(move.pages);
          expect(git(remote, 'log', '-1', '--format=%B', BRANCH)).toContain(
            platformEdits === 'adopt' ? 'pages changed only in the platform stay live as they are' : "before syncing git's over them",
          );
          const summary = git(remote, 'show', `${BRANCH}:docs/SUMMARY.md`).split('\n');
          const at = summary.indexOf(move.bullets[0]);
          expect(summary.slice(at, at + 2)).toEqual(move.bullets);
          expect(summary.filter((line) => line.includes('Syncing from CI'))).toHaveLength(1);
          expect(git(remote, 'show', `${BRANCH}:docs/${move.file}`)).toBe(git(dir, 'show', 'HEAD:docs/guides/ci.md'));
          const live = liveChildren(await liveTree(), move.parent);
          if (platformEdits === 'adopt') expect(live[move.at]).toMatchObject({ id: page?.id, title: 'Syncing from CI' });
          else expect(liveChildren(await liveTree(), 'Guides')[3]?.title).toBe('Syncing from CI');
          expect(await liveMarkdown(emulator, 'space-docs', 'FAQ')).toContain('A git change.');
        });
      }

  for (const platformEdits of ['preserve', 'adopt'] as const) {
    it(`6. ${platformEdits}: an image uploaded in the platform reaches git as a file of the assets folder, with a relative link`, async () => {
      const { dir, docs, remote } = await repoWorkspace();
      const loaded = configFor(emulator, dir, { ...MERGED, platformEdits });
      await sync(loaded);
      const original = await liveMarkdown(emulator, 'space-docs', 'Quickstart');
      await editPageInPlatform(emulator, 'space-docs', {
        gitPath: PAGE,
        title: 'Quickstart',
        markdown: `${original}\n![The editor's diagram](./diagram)\n`,
        files: [{ name: 'Editor diagram.png', ref: 'diagram', bytes: IMAGE }],
      });
      await commitLine(dir, 'faq/README.md', 'A git change.');

      expect((await sync(loaded))?.platformEdits?.pages).toEqual([{ file: `docs/${PAGE}`, outcome: 'edited' }]);
      const page = git(remote, 'show', `${BRANCH}:docs/${PAGE}`);
      expect(page).toContain("![The editor's diagram](../.gitbook/assets/Editor%20diagram.png)");
      expect(page).not.toContain('/files/');
      expect(Buffer.from(gitBytes(remote, `${BRANCH}:docs/.gitbook/assets/Editor diagram.png`))).toEqual(Buffer.from(IMAGE));

      // Merged into git, the page and its image sync back as they are: no warning of a link git cannot follow.
      git(dir, 'fetch', '--quiet', 'origin', BRANCH);
      git(dir, 'merge', '--quiet', '--no-edit', 'FETCH_HEAD');
      expect(await readFile(join(docs, '.gitbook/assets/Editor diagram.png'))).toEqual(Buffer.from(IMAGE));
      const merged = await sync(loaded);
      expect(merged?.warnings.filter((warning) => warning.includes('files/'))).toEqual([]);
      expect(merged?.platformEdits).toBeUndefined();
      expect(await liveMarkdown(emulator, 'space-docs', 'Quickstart')).toMatch(/!\[The editor's diagram\]\(\/files\/[^)]+\)/);
    });
  }

  for (const platformEdits of ['preserve', 'adopt'] as const) {
    it(`7. ${platformEdits}: a page added in the platform under a parent keeps its place on the branch and after the merge`, async () => {
      const { dir, remote } = await repoWorkspace();
      const loaded = configFor(emulator, dir, { ...MERGED, platformEdits });
      await sync(loaded);
      await editPageInPlatform(emulator, 'space-docs', {
        add: 'Troubleshooting',
        markdown: '# Troubleshooting\n\nWhat to do when a sync fails.\n',
        into: 'Guides',
        at: 1,
      });
      const added = liveChildren(await liveTree(), 'Guides');
      expect(added.map((page) => page.title).slice(0, 3)).toEqual(['Watching a repository', 'Troubleshooting', 'Working with change requests']);
      const id = added[1]?.id;
      await commitLine(dir, 'faq/README.md', 'A git change.');

      const kept = await sync(loaded);
      expect(kept?.platformEdits?.pages).toEqual([{ file: 'docs/guides/troubleshooting.md', outcome: 'edited' }]);
      const summary = git(remote, 'show', `${BRANCH}:docs/SUMMARY.md`).split('\n');
      const at = summary.indexOf('  * [Watching a repository](guides/watching-a-repo.md)');
      expect(summary.slice(at, at + 3)).toEqual([
        '  * [Watching a repository](guides/watching-a-repo.md)',
        '  * [Troubleshooting](guides/troubleshooting.md)',
        '  * [Working with change requests](guides/change-requests.md)',
      ]);
      // Under adopt the page stays live where the editor put it; under preserve git's version (without it) does.
      const live = liveChildren(await liveTree(), 'Guides').map((page) => page.id);
      if (platformEdits === 'adopt') expect(live[1]).toBe(id);
      else expect(live).not.toContain(id);

      // Merged into git and synced: under Guides at its place; under adopt, the page the editor made.
      git(dir, 'fetch', '--quiet', 'origin', BRANCH);
      git(dir, 'merge', '--quiet', '--no-edit', 'FETCH_HEAD');
      await commitLine(dir, 'faq/README.md', 'Another git change.');
      expect((await sync(loaded))?.platformEdits).toBeUndefined();
      const after = liveChildren(await liveTree(), 'Guides');
      expect(after.map((page) => page.title).slice(0, 3)).toEqual(['Watching a repository', 'Troubleshooting', 'Working with change requests']);
      if (platformEdits === 'adopt') expect(after[1]?.id).toBe(id);
    });
  }
});

/** A few bytes standing for an image uploaded in the editor. */
const IMAGE = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4, 5]);

type LivePage = { id: string; title: string; type: string; path?: string; pages?: LivePage[] };

async function liveTree(): Promise<LivePage[]> {
  return json((await call(emulator, 'GET', '/v1/spaces/space-docs/content/pages')).body).pages as LivePage[];
}

/** The child pages of the live page titled `title`. */
function liveChildren(tree: readonly LivePage[], title: string): LivePage[] {
  const flat = (list: readonly LivePage[]): LivePage[] => list.flatMap((page) => [page, ...flat(page.pages ?? [])]);
  return flat(tree).find((page) => page.title === title)?.pages ?? [];
}

/** A blob of a repository as bytes. */
function gitBytes(repo: string, spec: string): Uint8Array {
  return execFileSync('git', ['-C', repo, 'show', spec]);
}
