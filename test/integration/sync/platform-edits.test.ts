import { chmod, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { EXIT } from '../../../src/failure/exit-codes.js';
import { FileStateStore } from '../../../src/state/file-state-store.js';
import { call, json, startTestEmulator } from '../../support/emulator-harness.js';
import { editPageInPlatform } from '../../support/edit-page-in-platform.js';
import { configFor, syncOnce } from '../../support/sync-harness.js';
import { git, removeTempDirs } from '../../support/temp-tree.js';
import { repoWorkspace } from '../../support/platform-edits-workspace.js';

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startTestEmulator({ contract: 'seed' });
});
afterAll(async () => {
  await emulator.close();
  await removeTempDirs();
});
beforeEach(() => emulator.reset());

const PAGE = 'getting-started/quickstart.md';
const BRANCH = 'docsync/platform-edits/docs';

/** A CI runner's run: no `.docsync/`. */
async function statelessSync(dir: string, target: Record<string, unknown>) {
  await rm(join(dir, '.docsync'), { recursive: true, force: true });
  const before = emulator.stats().writes;
  const report = await syncOnce(configFor(emulator, dir, target));
  return { report, writes: emulator.stats().writes - before };
}

async function livePage(gitPath: string): Promise<string> {
  const pages = json((await call(emulator, 'GET', '/v1/spaces/space-docs/content/pages')).body).pages as {
    id: string;
    title: string;
    git?: { path: string };
    pages?: unknown[];
  }[];
  const flat = (list: typeof pages): typeof pages => list.flatMap((page) => [page, ...flat((page.pages ?? []) as typeof pages)]);
  const byTitle = { [PAGE]: 'Quickstart', 'getting-started/installation.md': 'Installation' } as Record<string, string>;
  const page = flat(pages).find((p) => p.git?.path === gitPath || p.title === byTitle[gitPath]);
  if (!page) throw new Error(`no live page ${gitPath}`);
  return json((await call(emulator, 'GET', `/v1/spaces/space-docs/content/page/${page.id}`, { query: { format: 'markdown' } })).body).markdown as string;
}

// The seed's API takes content as a zip import: a runner without state uses it at once.
const MODES = {
  'change request with autoMerge': { changeRequest: { autoMerge: true }, delivery: 'import' },
  direct: { mode: 'direct', delivery: 'import' },
} as const;

describe('platformEdits: preserve', () => {
  for (const [mode, target] of Object.entries(MODES)) {
    it(`commits a page edited in the platform to the branch and pushes it before git's version goes live, once (${mode})`, async () => {
      const { dir, remote } = await repoWorkspace();
      const head = git(dir, 'rev-parse', 'HEAD').trim();
      expect((await syncOnce(configFor(emulator, dir, target))).failures).toEqual([]);
      const status = git(dir, 'status', '--porcelain');
      await editPageInPlatform(emulator, 'space-docs', { gitPath: PAGE, markdown: '# Quickstart\n\nEdited in the editor.\n', description: 'Start here' });

      const { report, writes } = await statelessSync(dir, target);
      expect(report.failures).toEqual([]);
      expect(writes).toBeGreaterThan(0);
      const kept = report.results[0]?.platformEdits;
      expect(kept).toMatchObject({ branch: BRANCH, remote: 'origin', pages: [{ file: `docs/${PAGE}`, outcome: 'edited' }], conflicts: 0 });
      expect(git(remote, 'rev-parse', `refs/heads/${BRANCH}`).trim()).toBe(kept?.commit);
      expect(kept?.pushed).toBe(true);
      // What `status` shows: the pages and the branch, kept in the state.
      const saved = await new FileStateStore(join(dir, '.docsync', 'state.json')).get('space:docs');
      expect(saved?.platformEdits).toMatchObject({ branch: BRANCH, commit: kept?.commit, pages: [{ file: `docs/${PAGE}`, outcome: 'edited' }] });
      expect(git(remote, 'rev-parse', `${BRANCH}^`).trim()).toBe(head);
      expect(git(remote, 'show', `${BRANCH}:docs/${PAGE}`)).toBe('---\ndescription: Start here\n---\n# Quickstart\n\nEdited in the editor.\n');
      expect(git(remote, 'diff', '--name-only', head, BRANCH).trim()).toBe(`docs/${PAGE}`);
      // Git's version is live again; the user's checkout is untouched.
      expect(await livePage(PAGE)).toBe(await readFile(join(dir, 'docs', PAGE), 'utf8'));
      expect(git(dir, 'status', '--porcelain')).toBe(status);
      expect(git(dir, 'rev-parse', 'HEAD').trim()).toBe(head);

      // Nothing left to keep, nothing to write: the branch gets no second commit.
      const again = await statelessSync(dir, target);
      expect(again.report.results[0]?.platformEdits).toBeUndefined();
      expect(again.writes).toBe(0);
      expect(git(remote, 'rev-list', '--count', `${head}..${BRANCH}`).trim()).toBe('1');
    });
  }

  it('keeps pages removed or added in the platform, with SUMMARY.md following, when git changed another page', async () => {
    const { dir, docs, remote } = await repoWorkspace();
    await syncOnce(configFor(emulator, dir, MODES.direct));
    await editPageInPlatform(emulator, 'space-docs', { remove: 'getting-started/installation.md' });
    await editPageInPlatform(emulator, 'space-docs', { add: 'Made in the editor', markdown: '# Made in the editor\n\nNew.\n' });
    await writeFile(join(docs, 'faq/duplicates.md'), '# Duplicates\n\nChanged in git.\n');
    git(dir, 'commit', '--quiet', '-am', 'FAQ');
    // With the state's base: a page removed in the platform is told from one added in git.
    const report = await syncOnce(configFor(emulator, dir, MODES.direct));
    expect(report.failures).toEqual([]);
    expect(report.results[0]?.platformEdits?.pages).toEqual([
      { file: 'docs/getting-started/installation.md', outcome: 'removed' },
      { file: 'docs/made-in-the-editor.md', outcome: 'edited' },
    ]);
    expect(git(remote, 'show', `${BRANCH}:docs/made-in-the-editor.md`)).toBe('# Made in the editor\n\nNew.\n');
    const summary = git(remote, 'show', `${BRANCH}:docs/SUMMARY.md`);
    expect(summary).not.toContain('installation.md');
    expect(summary.trimEnd().split('\n').at(-1)).toBe('* [Made in the editor](made-in-the-editor.md)');
    expect(git(remote, 'ls-tree', '--name-only', `${BRANCH}:docs/getting-started`).trim()).toBe('quickstart.md');
  });

  it('refuses to overwrite platform edits without a remote, and says how to configure one', async () => {
    const { dir } = await repoWorkspace({ remote: false });
    await syncOnce(configFor(emulator, dir, MODES.direct));
    await editPageInPlatform(emulator, 'space-docs', { gitPath: PAGE, markdown: '# Quickstart\n\nEdited in the editor.\n' });
    const { report, writes } = await statelessSync(dir, MODES.direct);
    expect(writes).toBe(0);
    expect(report.failures).toEqual([expect.objectContaining({ target: 'docs', code: 'E_PLATFORM_EDITS_NO_REMOTE', exitCode: EXIT.config })]);
    expect(report.failures[0]?.error).toMatch(/getting-started\/quickstart\.md.*no remote named "origin".*platformEditsRemote.*platformEdits: overwrite/s);
    expect(await livePage(PAGE)).toBe('# Quickstart\n\nEdited in the editor.\n');
  });

  it('stops with exit 7 and a line naming the remote when origin is unreachable, writing nothing', async () => {
    const { dir } = await repoWorkspace();
    await syncOnce(configFor(emulator, dir, MODES.direct));
    await editPageInPlatform(emulator, 'space-docs', { gitPath: PAGE, markdown: '# Quickstart\n\nEdited in the editor.\n' });
    git(dir, 'remote', 'set-url', 'origin', 'http://127.0.0.1:1/nowhere.git');

    const { report, writes } = await statelessSync(dir, MODES.direct);
    expect(writes).toBe(0);
    expect(report.failures).toEqual([expect.objectContaining({ target: 'docs', code: 'E_CONTENT_GIT_REMOTE', exitCode: EXIT.platformEditsPush })]);
    expect(report.failures[0]?.error).toContain(`the remote origin could not be reached to read the platform-edits branch ${BRANCH}`);
    expect(await livePage(PAGE)).toBe('# Quickstart\n\nEdited in the editor.\n');
  });

  it("stops before overwriting anything when the push is rejected, with git's message, and pushes the edit once when it can", async () => {
    const { dir, remote } = await repoWorkspace();
    await syncOnce(configFor(emulator, dir, MODES.direct));
    await editPageInPlatform(emulator, 'space-docs', { gitPath: PAGE, markdown: '# Quickstart\n\nEdited in the editor.\n' });
    const hook = join(remote, 'hooks', 'pre-receive');
    await writeFile(hook, '#!/bin/sh\necho "pushing here is not allowed for this runner" >&2\nexit 1\n');
    await chmod(hook, 0o755);

    const refused = await statelessSync(dir, MODES.direct);
    expect(refused.writes).toBe(0);
    expect(refused.report.failures).toEqual([expect.objectContaining({ code: 'E_PLATFORM_EDITS_PUSH', exitCode: EXIT.platformEditsPush })]);
    expect(refused.report.failures[0]?.error).toContain('pushing here is not allowed for this runner');
    expect(refused.report.failures[0]?.error).toContain(BRANCH);
    expect(await livePage(PAGE)).toBe('# Quickstart\n\nEdited in the editor.\n');

    // The commit was made and not pushed, as after a kill between the two: the next run pushes that same edit, once.
    await rm(hook);
    const pushed = await statelessSync(dir, MODES.direct);
    expect(pushed.report.failures).toEqual([]);
    expect(git(remote, 'rev-list', '--count', `main..${BRANCH}`).trim()).toBe('1');
    expect(git(remote, 'show', `${BRANCH}:docs/${PAGE}`)).toBe('# Quickstart\n\nEdited in the editor.\n');
  });
});
