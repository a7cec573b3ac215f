import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { loadPlan } from '../../../src/migrate/load-plan.js';
import { runIdFor } from '../../../src/migrate/run-id.js';
import { MemoryStateStore } from '../../../src/state/memory-state-store.js';
import { startByteServer, type ByteServer } from '../../support/byte-server.js';
import { call, json } from '../../support/emulator-harness.js';
import { makeTempDir, removeTempDirs } from '../../support/temp-tree.js';
import { runInlinePlan, startMigrationEmulator, targetSpace, writeMixedPlan } from './migrate-support.js';

let server: ByteServer;
let emulator: RunningEmulator | undefined;
beforeAll(async () => {
  server = await startByteServer();
});
afterEach(async () => {
  await emulator?.close();
  emulator = undefined;
});
afterAll(async () => {
  await server.close();
  await removeTempDirs();
});

interface LivePage {
  title: string;
  type: string;
  pages?: LivePage[];
}

const titles = (pages: readonly LivePage[]): string[] => pages.flatMap((page) => [...(page.type === 'document' ? [page.title] : []), ...titles(page.pages ?? [])]);

async function spaceTitles(em: RunningEmulator, space: string): Promise<string[]> {
  return titles(json((await call(em, 'GET', `/v1/spaces/${space}/content/pages`, { as: 'read' })).body).pages as LivePage[]).sort();
}

describe("docsync migrate on today's API (emulator contract: current, strict)", () => {
  it('delivers every item docsync can read as content batches, through a change request even in direct mode; the kinds only an import converts fail with one clear line', async () => {
    const em = await startMigrationEmulator(10, { contract: 'current' });
    emulator = em;
    const dir = await makeTempDir('docsync-migrate-current-');
    const { file } = await writeMixedPlan(dir, server, 10);
    const plan = await loadPlan(file);
    const state = new MemoryStateStore();
    const { report } = await runInlinePlan(em, dir, plan, runIdFor(plan), { state });

    const byId = new Map(report.items.map((item) => [item.id, item]));
    // Folder, git, zip, space: page by page, proved by reading the content back.
    for (const id of ['set-001', 'set-002', 'set-003', 'set-006', 'set-007', 'set-008', 'set-009', 'set-010']) {
      expect({ id, item: byId.get(id) }).toMatchObject({ id, item: { status: 'done', verification: { ok: true, basis: 'exact' } } });
    }
    expect(byId.get('set-001')).toMatchObject({ outcome: 'merged', verification: { expected: { pages: 4 }, actual: { pages: 4 } } });
    expect(byId.get('set-002')).toMatchObject({ outcome: 'imported' });
    // Direct: a change request, merged at once (today's API writes content into change requests only).
    expect(byId.get('set-010')).toMatchObject({ mode: 'direct', outcome: 'merged', changeRequest: { number: 1 } });
    // The docs' four pages replaced the space's placeholder (the readme is titled by its heading).
    expect(await spaceTitles(em, targetSpace(9))).toEqual(['Page 0', 'Page 1', 'Page 2', 'repo-0']);
    expect(await spaceTitles(em, targetSpace(0))).toEqual(['Page 0', 'Page 1', 'Page 2', 'set-001']);
    // The markdown and website items need the platform's import, which this API does not have.
    for (const id of ['set-004', 'set-005']) {
      const failed = byId.get(id);
      expect(failed).toMatchObject({ status: 'failed', error: { code: 'E_MIGRATE_SOURCE' } });
      expect(failed && 'error' in failed ? failed.error?.message : '').toMatch(/only the platform's import converts, and this API has no import/);
    }
    const stats = em.stats();
    expect(stats.routes.filter((route) => route.route.includes('/import'))).toEqual([]);
    expect(stats.contentBatches.calls).toBeGreaterThanOrEqual(8);

    // Run again with the same ledger: every done item is known, nothing is written.
    const again = await runInlinePlan(em, dir, plan, runIdFor(plan), { state });
    expect(again.report.items.filter((item) => item.status === 'done')).toHaveLength(8);
    expect(em.stats().writes).toBe(stats.writes);
  });
});
