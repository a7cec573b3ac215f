import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { call, json, startTestEmulator } from '../../support/emulator-harness.js';
import { commitWithRemote } from '../../support/platform-edits-workspace.js';
import { configFor, exampleWorkspace, syncOnce } from '../../support/sync-harness.js';
import { git, removeTempDirs } from '../../support/temp-tree.js';

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startTestEmulator({ contract: 'current', strict: false });
});
afterAll(async () => {
  await emulator.close();
  await removeTempDirs();
});
beforeEach(() => emulator.reset());

type LivePage = { title: string; pages?: LivePage[] };
const flat = (pages: readonly LivePage[]): LivePage[] => pages.flatMap((page) => [page, ...flat(page.pages ?? [])]);

describe('two pages swapped in git, then another page edited', () => {
  it('syncs both on a runner with state: the check after the batch reads the page the merge restamped, not taking it for one left different', async () => {
    const { dir, docs } = await exampleWorkspace();
    await commitWithRemote(dir, ['docs']);
    const loaded = configFor(emulator, dir, { changeRequest: { autoMerge: true } });
    expect((await syncOnce(loaded)).failures).toEqual([]);

    const summary = join(docs, 'SUMMARY.md');
    const text = await readFile(summary, 'utf8');
    const [first, second] = ['  * [Working with change requests](guides/change-requests.md)\n', '  * [Direct mode](guides/direct-mode.md)\n'];
    expect(text).toContain(first + second);
    await writeFile(summary, text.replace(first + second, second + first));
    git(dir, 'commit', '--quiet', '-am', 'Direct mode first');
    expect((await syncOnce(loaded)).failures).toEqual([]);

    await writeFile(join(docs, 'README.md'), `${await readFile(join(docs, 'README.md'), 'utf8')}\nOne more line.\n`);
    git(dir, 'commit', '--quiet', '-am', 'One more line');
    const report = await syncOnce(loaded);
    expect(report.failures).toEqual([]);
    expect(report.results[0]?.outcome).toBe('merged');
    expect(report.results[0]?.diff?.changed).toEqual(['README.md']);
    const pages = json((await call(emulator, 'GET', '/v1/spaces/space-docs/content/pages')).body).pages as LivePage[];
    const guides = flat(pages)
      .find((page) => page.title === 'Guides')
      ?.pages?.map((page) => page.title);
    expect(guides?.slice(0, 3)).toEqual(['Watching a repository', 'Direct mode', 'Working with change requests']);
  });
});
