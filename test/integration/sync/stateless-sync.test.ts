import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { call, json, startTestEmulator } from '../../support/emulator-harness.js';
import { editSpaceByHand } from '../../support/edit-space-by-hand.js';
import { configFor, exampleWorkspace, syncOnce } from '../../support/sync-harness.js';

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startTestEmulator({ contract: 'seed' });
});
afterAll(() => emulator.close());
beforeEach(() => emulator.reset());

const MODES = {
  'change request': {},
  'change request with autoMerge': { changeRequest: { autoMerge: true } },
  direct: { mode: 'direct' },
} as const;

/** A CI runner's view: the workspace without `.docsync/`, synced once; the calls it cost. */
async function statelessSync(dir: string, target: Record<string, unknown>) {
  await rm(join(dir, '.docsync'), { recursive: true, force: true });
  const before = emulator.stats();
  const report = await syncOnce(configFor(emulator, dir, target));
  const after = emulator.stats();
  const writes = after.writes - before.writes;
  return { report, writes, reads: after.total - before.total - writes };
}

async function docsyncChangeRequests(status: string): Promise<{ number: number; subject: string }[]> {
  const list = json((await call(emulator, 'GET', '/v1/spaces/space-docs/change-requests', { query: { status } })).body);
  return (list.items as { number: number; subject: string }[]).filter((cr) => cr.subject.endsWith('[docsync:docs]'));
}

describe('sync --once on a runner without .docsync/', () => {
  for (const [mode, target] of Object.entries(MODES)) {
    // Reads: the API's release (delivery: auto, once per runner), the change request, the content, main's revision.
    it(`makes no write and at most 5 reads on an unchanged repo (${mode})`, async () => {
      const { dir } = await exampleWorkspace();
      const first = await syncOnce(configFor(emulator, dir, target));
      expect(first.failures).toEqual([]);
      expect(first.writes).toBeGreaterThan(0);

      const again = await statelessSync(dir, target);
      expect(again.report.failures).toEqual([]);
      expect(again.report.results[0]?.outcome).toBe('skipped');
      expect(again.writes).toBe(0);
      expect(again.report.writes).toBe(0);
      // One more where the space's main revision is recorded (platformEdits keeps a base; change requests left open leave main as it was).
      expect(again.reads).toBeLessThanOrEqual(5);
      // It remembered what it found: the next run on this runner reads the space's main revision
      // (what an edit in the platform moves) or makes no call at all when a change request is left open.
      const before = emulator.stats().total;
      expect((await syncOnce(configFor(emulator, dir, target))).results[0]?.outcome).toBe('skipped');
      expect(emulator.stats().total - before).toBeLessThanOrEqual(1);
    });
  }

  for (const [mode, chosen] of Object.entries({ 'change request with autoMerge': MODES['change request with autoMerge'], direct: MODES.direct })) {
    it(`notices a hand edit in the space and syncs it back with platformEdits: overwrite (${mode})`, async () => {
      // Overwriting the editor's work is chosen explicitly; test/integration/sync/platform-edits.test.ts keeps it.
      const target = { ...chosen, platformEdits: 'overwrite' };
      const { dir } = await exampleWorkspace();
      await syncOnce(configFor(emulator, dir, target));

      editSpaceByHand(emulator, 'space-docs', { gitPath: 'getting-started/quickstart.md', markdown: '# Quickstart\n\nEdited in the browser.\n' });
      const edited = await statelessSync(dir, target);
      expect(edited.report.failures).toEqual([]);
      expect(edited.report.results[0]?.outcome).toBe(chosen === MODES.direct ? 'imported' : 'merged');
      expect(edited.writes).toBeGreaterThan(0);
      expect(await statelessSync(dir, target)).toMatchObject({ writes: 0 });

      editSpaceByHand(emulator, 'space-docs', { add: 'Made in the editor' });
      const added = await statelessSync(dir, target);
      expect(added.writes).toBeGreaterThan(0);
      const pages = json((await call(emulator, 'GET', '/v1/spaces/space-docs/content/pages')).body).pages as { title: string }[];
      expect(pages.map((page) => page.title)).not.toContain('Made in the editor');
      expect(await statelessSync(dir, target)).toMatchObject({ writes: 0 });
    });
  }

  it('two jobs syncing the same target at once end with one change request', async () => {
    const [a, b] = await Promise.all([exampleWorkspace(), exampleWorkspace()]);
    const reports = await Promise.all([syncOnce(configFor(emulator, a.dir)), syncOnce(configFor(emulator, b.dir))]);
    expect(reports.flatMap((r) => r.failures)).toEqual([]);
    const live = [...(await docsyncChangeRequests('open')), ...(await docsyncChangeRequests('draft'))];
    expect(live).toHaveLength(1);
    expect(reports.map((r) => r.results[0]?.changeRequest?.number)).toEqual([live[0]?.number, live[0]?.number]);
    // Either job, run again without state, finds that change request holding the content.
    expect(await statelessSync(b.dir, {})).toMatchObject({ writes: 0 });
  });
});
