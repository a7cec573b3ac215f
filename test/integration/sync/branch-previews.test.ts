import { execFileSync } from 'node:child_process';
import { appendFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { silentLogger } from '../../../src/logging/logger.js';
import { runSyncOnce } from '../../../src/runtime/run-sync-once.js';
import { mergedBranch } from '../../../src/sync/branch-previews.js';
import { call, json, startTestEmulator } from '../../support/emulator-harness.js';
import { configFor, exampleWorkspace } from '../../support/sync-harness.js';

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startTestEmulator({ contract: 'seed' });
});
afterAll(() => emulator.close());
beforeEach(() => emulator.reset());

interface LiveCr {
  id: string;
  number: number;
  subject: string;
  status: string;
}

/** Change requests in a status; `live` means open or draft (a new one is a draft until reviewed). */
async function changeRequests(status: 'live' | 'archived' | 'merged'): Promise<LiveCr[]> {
  const list = async (s: string) =>
    json((await call(emulator, 'GET', '/v1/spaces/space-docs/change-requests', { query: { status: s } })).body).items as LiveCr[];
  return status === 'live' ? [...(await list('open')), ...(await list('draft'))] : list(status);
}

function git(dir: string, ...args: string[]): void {
  execFileSync('git', ['-c', 'user.name=docs', '-c', 'user.email=docs@example.com', ...args], { cwd: dir, stdio: 'ignore' });
}

describe('pull-request previews as change requests', () => {
  it('one change request per branch, updated by every push; closing a branch archives only its own', async () => {
    const { dir, docs } = await exampleWorkspace();
    const loaded = configFor(emulator, dir);
    const sync = (options: { branch?: string; closeBranch?: string }) => runSyncOnce(loaded, { dryRun: false, logger: silentLogger, ...options });

    const a = await sync({ branch: 'feature-a' });
    const b = await sync({ branch: 'feature/b' });
    expect([a.failures, b.failures]).toEqual([[], []]);
    expect(await changeRequests('live')).toHaveLength(2);

    // A second push to feature-a: the same change request, with the new content.
    await appendFile(join(docs, 'README.md'), '\nA line from the second push.\n');
    const again = await sync({ branch: 'feature-a' });
    expect(again.results[0]).toMatchObject({ target: 'docs@feature-a', outcome: 'updated', changeRequest: { number: a.results[0]?.changeRequest?.number } });
    const open = await changeRequests('live');
    expect(open.map((cr) => cr.subject.slice(cr.subject.lastIndexOf('[')))).toEqual(
      expect.arrayContaining(['[docsync:docs@feature-a]', '[docsync:docs@feature/b]']),
    );
    expect(open).toHaveLength(2);

    const closed = await sync({ closeBranch: 'feature/b' });
    expect(closed.archived).toMatchObject([{ target: 'docs', branch: 'feature/b', changeRequest: { number: b.results[0]?.changeRequest?.number } }]);
    expect((await changeRequests('live')).map((cr) => cr.number)).toEqual([a.results[0]?.changeRequest?.number]);
    expect((await changeRequests('archived')).map((cr) => cr.number)).toEqual([b.results[0]?.changeRequest?.number]);

    // Nothing left to close: closing again writes nothing.
    expect((await sync({ closeBranch: 'feature/b' })).writes).toBe(0);
  });

  it("a merge on main supersedes the merged branch's preview: archived, with a comment linking the merged change request", async () => {
    const { dir } = await exampleWorkspace();
    git(dir, 'init', '-q', '-b', 'main');
    git(dir, 'add', '.');
    git(dir, 'commit', '-q', '-m', 'Docs as they are');
    const preview = await runSyncOnce(configFor(emulator, dir, { source: 'HEAD' }), { dryRun: false, logger: silentLogger, branch: 'feature-a' });
    const other = await runSyncOnce(configFor(emulator, dir, { source: 'HEAD' }), { dryRun: false, logger: silentLogger, branch: 'feature-c' });
    const previewCr = preview.results[0]?.changeRequest;

    await appendFile(join(dir, 'docs', 'README.md'), '\nMerged from feature-a.\n');
    git(dir, 'commit', '-q', '-a', '-m', 'Merge pull request #7 from acme/feature-a');
    const main = await runSyncOnce(configFor(emulator, dir, { source: 'HEAD', changeRequest: { autoMerge: true } }), { dryRun: false, logger: silentLogger });
    expect(main.failures).toEqual([]);
    expect(main.results[0]?.outcome).toBe('merged');
    const merged = main.results[0]?.changeRequest;
    expect(main.archived).toMatchObject([{ branch: 'feature-a', changeRequest: { number: previewCr?.number }, supersededBy: { number: merged?.number } }]);

    const comments = json((await call(emulator, 'GET', `/v1/spaces/space-docs/change-requests/${previewCr?.id}/comments`)).body).items as {
      body: { markdown?: string };
    }[];
    expect(comments.map((c) => c.body.markdown ?? '').join('\n')).toContain(`Superseded by change request [#${merged?.number}]`);
    // The other branch's preview is not touched.
    expect((await changeRequests('live')).map((cr) => cr.number)).toEqual([other.results[0]?.changeRequest?.number]);
  });

  it('reads the merged branch from GitHub, GitLab and git merge subjects', () => {
    expect(mergedBranch('Merge pull request #12 from acme/feature/x-y')).toBe('feature/x-y');
    expect(mergedBranch("Merge branch 'fix-typo' into 'main'")).toBe('fix-typo');
    expect(mergedBranch("Merge remote-tracking branch 'origin/docs'")).toBe('origin/docs');
    expect(mergedBranch('Fix the install guide')).toBeUndefined();
  });
});
