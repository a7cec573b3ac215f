import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LoadedConfig } from '../../src/config/load-config.js';
import type { RunningEmulator } from '../../src/emulator/start-emulator.js';
import { startTestEmulator } from '../support/emulator-harness.js';
import { editPageInPlatform } from '../support/edit-page-in-platform.js';
import { liveMarkdown, repoWorkspace } from '../support/platform-edits-workspace.js';
import { configFor, syncOnce } from '../support/sync-harness.js';
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

describe('platform edits are never lost (today\'s API)', () => {
  it('2. two successive platform edits of one page are both on the branch tip, with a person\'s commit between them', async () => {
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
});
