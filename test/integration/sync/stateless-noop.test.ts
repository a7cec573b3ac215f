import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LoadedConfig } from '../../../src/config/load-config.js';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { call, json, startTestEmulator } from '../../support/emulator-harness.js';
import { editPageInPlatform } from '../../support/edit-page-in-platform.js';
import { commitWithRemote, liveMarkdown } from '../../support/platform-edits-workspace.js';
import { CHECK_REPO } from '../../support/sameness-check-repo.js';
import { configFor, syncOnce } from '../../support/sync-harness.js';
import { git, makeTempDir, removeTempDirs } from '../../support/temp-tree.js';
import { writeRepoFiles } from '../../support/write-repo-files.js';

// Issue #38's check, point 6: today's API, the default configuration, a space published in a site
// with `.gitbook.yaml` redirects. A fresh runner (no `.docsync/`) on an unchanged repo writes nothing,
// in at most 6 requests, whatever the space's size.
const BRANCH = 'docsync/platform-edits/docs';
const SITE_REDIRECTS = '/v1/orgs/org-emulator/sites/site-docs/redirects';

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startTestEmulator({ contract: 'current' });
});
afterAll(async () => {
  await emulator.close();
  await removeTempDirs();
});
beforeEach(() => emulator.reset());

/** The check's repo with `more` pages added under its second group, committed beside a bare `origin`. */
async function checkRepo(more: number): Promise<{ dir: string; docs: string; remote: string }> {
  const dir = await makeTempDir('docsync-stateless-');
  const files: Record<string, string | Uint8Array> = { ...CHECK_REPO };
  const entries = Array.from({ length: more }, (_, i) => `* [Page ${i}](more/page-${i}.md)`);
  files['SUMMARY.md'] = `${String(CHECK_REPO['SUMMARY.md'])}${entries.join('\n')}\n`;
  for (let i = 0; i < more; i += 1) files[`more/page-${i}.md`] = `---\ntitle: Page ${i}\n---\n\n# Heading ${i}\n\nBody ${i}.\n`;
  await writeRepoFiles(join(dir, 'docs'), files);
  const remote = await commitWithRemote(dir, ['docs']);
  return { dir, docs: join(dir, 'docs'), remote };
}

/** A CI runner's run: no `.docsync/`; its result and what it cost. */
async function fresh(dir: string, loaded: LoadedConfig) {
  await rm(join(dir, '.docsync'), { recursive: true, force: true });
  const before = emulator.stats();
  const [total, writes] = [before.total, before.writes];
  const report = await syncOnce(loaded);
  expect(report.failures).toEqual([]);
  const after = emulator.stats();
  return { result: report.results[0], requests: after.total - total, writes: after.writes - writes };
}

async function openChangeRequest(): Promise<{ id: string; number: number }> {
  const items = json((await call(emulator, 'GET', '/v1/spaces/space-docs/change-requests', { query: { status: 'open' } })).body).items as {
    id: string;
    number: number;
  }[];
  const [open] = items;
  if (open === undefined) throw new Error('no open change request');
  return open;
}

/** PATCHes of a change request: opening it (a draft at first) and recording its sync token. */
function subjectWrites(): number {
  return emulator
    .stats()
    .routes.filter((r) => r.method === 'PATCH' && r.route === '/v1/spaces/:spaceId/change-requests/:changeRequestId')
    .reduce((sum, r) => sum + r.count, 0);
}

async function redirectSources(): Promise<string[]> {
  return (json((await call(emulator, 'GET', SITE_REDIRECTS)).body).items as { source: string }[]).map((r) => r.source);
}

const MODES = {
  'left open for review': {},
  'merged by docsync': { changeRequest: { autoMerge: true } },
} as const;

describe("a runner without .docsync/ on today's API, default configuration, in a site with redirects", () => {
  for (const [mode, target] of Object.entries(MODES)) {
    it(`writes nothing on an unchanged repo in at most 6 requests, as many for 8 pages as for 68 (${mode})`, async () => {
      const costs: number[] = [];
      for (const more of [0, 60]) {
        emulator.reset();
        const { dir } = await checkRepo(more);
        const loaded = configFor(emulator, dir, target);
        expect((await syncOnce(loaded)).failures).toEqual([]);
        // Left open, the subject records the revision the last batch made; merged at once, the token
        // it was created with stands: no write of its own.
        expect(subjectWrites()).toBe(mode === 'merged by docsync' ? 0 : 2);
        const again = await fresh(dir, loaded);
        expect(again.result?.outcome).toBe('skipped');
        expect(again.writes).toBe(0);
        expect(again.requests).toBeLessThanOrEqual(6);
        costs.push(again.requests);
        // Nothing was recorded that makes the next fresh runner differ.
        expect(await fresh(dir, loaded)).toMatchObject({ writes: 0, requests: again.requests });
      }
      expect(costs[0]).toBe(costs[1]);
    });
  }

  it("counts the read the proof made in the sync's timings when the sync goes on (a first sync)", async () => {
    const { dir } = await checkRepo(0);
    const report = await syncOnce(configFor(emulator, dir));
    expect(report.results[0]?.outcome).not.toBe('skipped');
    // The docs were read once, before the proof; the sync took that read instead of reading again.
    expect(report.results[0]?.timings.readMs).toBeGreaterThan(0);
  });

  it('after a reviewer merges the change request, makes the redirects it left waiting once, then writes nothing in at most 6 requests', async () => {
    const { dir } = await checkRepo(0);
    const loaded = configFor(emulator, dir);
    expect((await syncOnce(loaded)).results[0]?.redirects?.pending).toEqual(['old/setup → guide/setup.md']);
    expect(await redirectSources()).toEqual([]);
    expect((await call(emulator, 'POST', `/v1/spaces/space-docs/change-requests/${(await openChangeRequest()).id}/merge`)).status).toBe(200);

    const merged = await fresh(dir, loaded);
    expect(merged.result?.outcome).toBe('skipped');
    expect(merged.result?.redirects).toMatchObject({ created: 1, pending: [] });
    expect(await redirectSources()).toEqual([expect.stringMatching(/\/old\/setup$/)]);
    const again = await fresh(dir, loaded);
    expect(again).toMatchObject({ writes: 0, result: { outcome: 'skipped' } });
    expect(again.requests).toBeLessThanOrEqual(6);
  });

  it('finds a page edited in the platform since the last sync: kept on the branch, then nothing to write', async () => {
    const { dir, remote } = await checkRepo(0);
    const loaded = configFor(emulator, dir, MODES['merged by docsync']);
    await syncOnce(loaded);
    const original = await liveMarkdown(emulator, 'space-docs', 'Go');
    await editPageInPlatform(emulator, 'space-docs', { title: 'Go', markdown: `${original}\nEdited in the platform.\n` });

    const edited = await fresh(dir, loaded);
    expect(edited.result?.outcome).toBe('merged');
    expect(edited.result?.platformEdits?.pages).toEqual([{ file: 'docs/libraries/go.md', outcome: 'edited' }]);
    expect(git(remote, 'show', `${BRANCH}:docs/libraries/go.md`)).toContain('Edited in the platform.');
    expect(await liveMarkdown(emulator, 'space-docs', 'Go')).not.toContain('Edited in the platform.');
    expect(await fresh(dir, loaded)).toMatchObject({ writes: 0, result: { outcome: 'skipped' } });
  });

  it("does not take docsync's open change request for unchanged once a reviewer edited it", async () => {
    const { dir } = await checkRepo(0);
    const loaded = configFor(emulator, dir);
    await syncOnce(loaded);
    const cr = await openChangeRequest();
    type Live = { id: string; title: string; pages?: Live[] };
    const flat = (list: readonly Live[]): Live[] => list.flatMap((page) => [page, ...flat(page.pages ?? [])]);
    const pages = json((await call(emulator, 'GET', `/v1/spaces/space-docs/change-requests/${cr.id}/content/pages`)).body).pages as Live[];
    const go = flat(pages).find((page) => page.title === 'Go');
    const answer = await call(emulator, 'POST', `/v1/spaces/space-docs/change-requests/${cr.id}/content`, {
      body: { changes: [{ operation: 'update_page', page: go?.id, document: { markdown: '# Go\n\nA reviewer wrote this.\n' } }] },
    });
    expect(answer.status).toBe(200);
    // The token vouches for the revision the last batch made: the reviewer's edit made another.
    const reviewed = await fresh(dir, loaded);
    expect(reviewed.result?.outcome).not.toBe('skipped');
    expect(await fresh(dir, loaded)).toMatchObject({ writes: 0, result: { outcome: 'skipped' } });
  });

  it('syncs a change made in git, then writes nothing again in at most 6 requests', async () => {
    const { dir, docs } = await checkRepo(0);
    const loaded = configFor(emulator, dir);
    await syncOnce(loaded);
    const file = join(docs, 'libraries/go.md');
    await writeFile(file, `${await readFile(file, 'utf8')}\nA git change.\n`);
    git(dir, 'commit', '--quiet', '-am', 'A git change');

    const changed = await fresh(dir, loaded);
    expect(changed.result).toMatchObject({ outcome: 'updated', delivered: { changes: 1 } });
    expect(await liveMarkdownIn(changed.result?.changeRequest?.id, 'Go')).toContain('A git change.');
    const again = await fresh(dir, loaded);
    expect(again).toMatchObject({ writes: 0, result: { outcome: 'skipped' } });
    expect(again.requests).toBeLessThanOrEqual(6);
  });
});

/** The markdown of the page titled `title` in a change request. */
async function liveMarkdownIn(changeRequest: string | undefined, title: string): Promise<string> {
  type Live = { id: string; title: string; type: string; pages?: Live[] };
  const flat = (list: readonly Live[]): Live[] => list.flatMap((page) => [page, ...flat(page.pages ?? [])]);
  const base = `/v1/spaces/space-docs/change-requests/${changeRequest ?? ''}`;
  const pages = json((await call(emulator, 'GET', `${base}/content/pages`)).body).pages as Live[];
  const page = flat(pages).findLast((p) => p.type === 'document' && p.title === title);
  return json((await call(emulator, 'GET', `${base}/content/page/${page?.id ?? ''}`, { query: { format: 'markdown' } })).body).markdown as string;
}
