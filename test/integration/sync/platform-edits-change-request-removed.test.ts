import { readFile, rm, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { call, json, startTestEmulator } from '../../support/emulator-harness.js';
import { changeRequestPage, repoWorkspace, type ListedPage } from '../../support/platform-edits-workspace.js';
import { configFor, syncOnce } from '../../support/sync-harness.js';
import { git, removeTempDirs } from '../../support/temp-tree.js';

// A reviewer's fix inside docsync's open change request (`autoMerge: false`) to a page git removes
// before the next sync (since the commit the change request's marker records): git removed the
// page, the platform changed it, a conflict (docs/platform-edits.md), decided alike with and without `.docsync/`.
const PAGE = 'faq/big-repos.md';
const TITLE = 'How big can a repository be?';
const BRANCH = 'docsync/platform-edits/docs';
const FIX = "A reviewer's fix.";

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startTestEmulator({ contract: 'current', strict: false });
});
afterAll(async () => {
  await emulator.close();
  await removeTempDirs();
});

const livePage = (changeRequest: string, title: string): Promise<ListedPage | undefined> => changeRequestPage(emulator, changeRequest, title);

async function markdownIn(changeRequest: string, title: string): Promise<string | undefined> {
  const page = await livePage(changeRequest, title);
  if (page === undefined) return undefined;
  const path = `/v1/spaces/space-docs/change-requests/${changeRequest}/content/page/${page.id}`;
  return json((await call(emulator, 'GET', path, { query: { format: 'markdown' } })).body).markdown as string;
}

/** A merged first sync, a git change under review in docsync's change request, a reviewer's fix of PAGE there, PAGE removed in git; then the sync. */
async function scenario(platformEdits: 'preserve' | 'adopt', withState: boolean) {
  emulator.reset();
  const { dir, docs, remote } = await repoWorkspace();
  expect((await syncOnce(configFor(emulator, dir, { changeRequest: { autoMerge: true }, platformEdits }))).failures).toEqual([]);
  const loaded = configFor(emulator, dir, { platformEdits });
  await writeFile(join(docs, 'reference/cli.md'), `${await readFile(join(docs, 'reference/cli.md'), 'utf8')}\nA git change under review.\n`);
  git(dir, 'commit', '--quiet', '-am', 'A git change under review');
  const cr = (await syncOnce(loaded)).results[0]?.changeRequest?.id;
  if (cr === undefined) throw new Error('no change request opened');
  const page = await livePage(cr, TITLE);
  const answer = await call(emulator, 'POST', `/v1/spaces/space-docs/change-requests/${cr}/content`, {
    body: { changes: [{ operation: 'update_page', page: page?.id, document: { markdown: `${await markdownIn(cr, TITLE)}\n${FIX}\n` } }] },
  });
  expect(answer.status).toBe(200);
  await unlink(join(docs, PAGE));
  const summary = await readFile(join(docs, 'SUMMARY.md'), 'utf8');
  await writeFile(join(docs, 'SUMMARY.md'), summary.replace(`  * [${TITLE}](${PAGE})\n`, ''));
  git(dir, 'commit', '--quiet', '-am', `Remove ${PAGE}`);

  if (!withState) await rm(join(dir, '.docsync'), { recursive: true, force: true });
  const report = await syncOnce(loaded);
  const result = report.results[0];
  const kept = git(remote, 'show', `${BRANCH}:docs/${PAGE}`);
  return {
    failures: report.failures.map((failure) => failure.code),
    changeRequest: result?.changeRequest?.id === cr,
    pages: result?.platformEdits?.pages,
    // The reviewer's version between markers saying git removed the page.
    onBranch: kept.includes(FIX) && kept.startsWith('<<<<<<< git removed this page; the platform changed it\n'),
    live: (await markdownIn(cr, TITLE))?.includes(FIX) ?? 'removed',
    underReview: (await markdownIn(cr, 'CLI reference'))?.includes('A git change under review.'),
  };
}

describe("a reviewer's edit in docsync's open change request of a page git removed since (today's API)", () => {
  for (const platformEdits of ['preserve', 'adopt'] as const) {
    it(`${platformEdits}: is a conflict kept on the branch, ${platformEdits === 'adopt' ? 'the fix left' : 'the page removed'} in the change request, on a runner without state too`, async () => {
      const withState = await scenario(platformEdits, true);
      expect(withState).toMatchObject({
        failures: ['E_PLATFORM_EDITS_CONFLICT'],
        changeRequest: true,
        pages: [{ file: `docs/${PAGE}`, outcome: 'conflict', line: 1 }],
        onBranch: true,
        live: platformEdits === 'adopt' ? true : 'removed',
        underReview: true,
      });
      expect(await scenario(platformEdits, false)).toEqual(withState);
    });
  }
});
