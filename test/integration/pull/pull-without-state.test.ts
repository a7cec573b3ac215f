import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { startTestEmulator } from '../../support/emulator-harness.js';
import { brokenLinks, normalizeRepo } from '../../support/normalize-repo.js';
import { commitWithRemote } from '../../support/platform-edits-workspace.js';
import { pullInto } from '../../support/pull-into.js';
import { CHECK_REPO } from '../../support/sameness-check-repo.js';
import { configFor, syncOnce } from '../../support/sync-harness.js';
import { makeTempDir, removeTempDirs } from '../../support/temp-tree.js';
import { writeRepoFiles } from '../../support/write-repo-files.js';

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startTestEmulator({ contract: 'current' });
});
afterAll(async () => {
  await emulator.close();
  await removeTempDirs();
});
beforeEach(() => emulator.reset());

describe("pull on a runner without docsync's state (today's API)", () => {
  it("finds docsync's record from its change request's marker: every page at its git path, the groups as ## groups again, no page of a group's title", async () => {
    const dir = await makeTempDir('docsync-pull-stateless-');
    const docs = join(dir, 'docs');
    await writeRepoFiles(docs, CHECK_REPO);
    await commitWithRemote(dir, ['docs'], { remote: false });
    expect((await syncOnce(configFor(emulator, dir, { changeRequest: { autoMerge: true } }))).results[0]?.outcome).toBe('merged');
    await rm(join(dir, '.docsync'), { recursive: true, force: true });

    const pulled = await pullInto(emulator, dir);
    const [repo, back] = await Promise.all([normalizeRepo(docs), normalizeRepo(pulled)]);
    expect(Object.keys(back.pages).sort()).toEqual(Object.keys(repo.pages).sort());
    expect(back.pages).toEqual(repo.pages);
    expect(await brokenLinks(pulled)).toEqual([]);
    const summary = await readFile(join(pulled, 'SUMMARY.md'), 'utf8');
    expect(summary).toContain('## Guide\n\n* [Setting up](guide/setup.md)\n* [Choosing](guide/choosing.md)\n* Libraries\n  * [Python](libraries/python.md)');
    expect(summary).toContain('## Reference\n\n* [API](reference/api.md)');
  });
});
