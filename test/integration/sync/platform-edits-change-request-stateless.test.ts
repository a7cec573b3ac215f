import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { call, json, startTestEmulator } from '../../support/emulator-harness.js';
import { changeRequestPage, repoWorkspace } from '../../support/platform-edits-workspace.js';
import { configFor, syncOnce } from '../../support/sync-harness.js';
import { git, removeTempDirs } from '../../support/temp-tree.js';

// A reviewer's fix inside docsync's own open change request (`autoMerge: false`), then a git change:
// a runner without `.docsync/` must keep the fix as a runner with state does.
const PAGE = 'getting-started/quickstart.md';
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

async function commitLine(dir: string, file: string, line: string): Promise<void> {
  const path = join(dir, 'docs', file);
  await writeFile(path, `${await readFile(path, 'utf8')}\n${line}\n`);
  git(dir, 'commit', '--quiet', '-am', line);
}

/** The id of the page titled `title` in a change request (the last of that title: a heading page comes first). */
async function pageId(changeRequest: string, title: string): Promise<string> {
  const page = await changeRequestPage(emulator, changeRequest, title);
  if (!page) throw new Error(`no page ${title} in change request ${changeRequest}`);
  return page.id;
}

async function markdownIn(changeRequest: string, title: string): Promise<string> {
  const path = `/v1/spaces/space-docs/change-requests/${changeRequest}/content/page/${await pageId(changeRequest, title)}`;
  return json((await call(emulator, 'GET', path, { query: { format: 'markdown' } })).body).markdown as string;
}

/** Whether the platform-edits branch of the remote holds the fix (false without the branch). */
function onBranch(remote: string): boolean {
  const branches = git(remote, 'branch', '--list', BRANCH);
  return branches.trim() !== '' && git(remote, 'show', `${BRANCH}:docs/${PAGE}`).includes(FIX);
}

/** A merged first sync, a git change under review in docsync's change request, a reviewer's fix there, a git change; then the sync. */
async function scenario(platformEdits: 'preserve' | 'adopt', withState: boolean) {
  emulator.reset();
  const { dir, remote } = await repoWorkspace();
  expect((await syncOnce(configFor(emulator, dir, { changeRequest: { autoMerge: true }, platformEdits }))).failures).toEqual([]);
  const loaded = configFor(emulator, dir, { platformEdits });
  await commitLine(dir, 'reference/cli.md', 'A git change under review.');
  const cr = (await syncOnce(loaded)).results[0]?.changeRequest?.id;
  if (cr === undefined) throw new Error('no change request opened');
  const reviewed = `${await markdownIn(cr, 'Quickstart')}\n${FIX}\n`;
  const answer = await call(emulator, 'POST', `/v1/spaces/space-docs/change-requests/${cr}/content`, {
    body: { changes: [{ operation: 'update_page', page: await pageId(cr, 'Quickstart'), document: { markdown: reviewed } }] },
  });
  expect(answer.status).toBe(200);
  await commitLine(dir, 'faq/README.md', 'A git change.');

  if (!withState) await rm(join(dir, '.docsync'), { recursive: true, force: true });
  const report = await syncOnce(loaded);
  const result = report.results[0];
  return {
    failures: report.failures.map((failure) => failure.code),
    outcome: result?.outcome,
    changeRequest: result?.changeRequest?.id === cr,
    pages: result?.platformEdits?.pages,
    onBranch: onBranch(remote),
    liveFix: (await markdownIn(cr, 'Quickstart')).includes(FIX),
    gitChange: (await markdownIn(cr, 'FAQ')).includes('A git change.'),
    underReview: (await markdownIn(cr, 'CLI reference')).includes('A git change under review.'),
  };
}

describe("a reviewer's edit in docsync's open change request, on a runner without state (today's API)", () => {
  for (const platformEdits of ['preserve', 'adopt'] as const) {
    it(`${platformEdits}: is kept as a runner with state keeps it`, async () => {
      const withState = await scenario(platformEdits, true);
      expect(withState).toEqual({
        failures: [],
        outcome: 'updated',
        changeRequest: true,
        pages: [{ file: `docs/${PAGE}`, outcome: 'edited' }],
        onBranch: true,
        liveFix: platformEdits === 'adopt',
        gitChange: true,
        underReview: true,
      });
      expect(await scenario(platformEdits, false)).toEqual(withState);
    });
  }
});
