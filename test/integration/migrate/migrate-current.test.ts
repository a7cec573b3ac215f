import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { loadPlan } from '../../../src/migrate/load-plan.js';
import { runIdFor } from '../../../src/migrate/run-id.js';
import { MemoryStateStore } from '../../../src/state/memory-state-store.js';
import { startByteServer, type ByteServer } from '../../support/byte-server.js';
import { call, json } from '../../support/emulator-harness.js';
import { makeTempDir, removeTempDirs } from '../../support/temp-tree.js';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { docsFolder, runInlinePlan, startMigrationEmulator, targetSpace, writeMixedPlan } from '../../support/migrate-support.js';

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

const titles = (pages: readonly LivePage[]): string[] =>
  pages.flatMap((page) => [...(page.type === 'document' ? [page.title] : []), ...titles(page.pages ?? [])]);

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

  it("honours each item's delivery as sync does: import and changes are used as set, whatever the API offers; auto asks it", async () => {
    const dir = await makeTempDir('docsync-migrate-delivery-');
    for (const name of ['a', 'b', 'c']) await docsFolder(path.join(dir, 'sources'), name, 2);
    const file = path.join(dir, 'plan.yaml');
    await writeFile(
      file,
      [
        'defaults: { merge: true, delivery: changes }',
        'items:',
        `  - { id: by-default, source: ./sources/a, space: ${targetSpace(0)} }`,
        `  - { id: by-import, source: ./sources/b, space: ${targetSpace(1)}, delivery: import }`,
        `  - { id: by-auto, source: ./sources/c, space: ${targetSpace(2)}, delivery: auto }`,
        '',
      ].join('\n'),
    );
    const plan = await loadPlan(file);
    expect(plan.items.map((item) => item.delivery)).toEqual(['changes', 'import', undefined]);
    const count = (em: RunningEmulator, route: (name: string) => boolean): number =>
      em
        .stats()
        .routes.filter((r) => route(r.route))
        .reduce((n, r) => n + r.count, 0);
    const imports = (em: RunningEmulator): number => count(em, (route) => route.includes('/import'));
    // What the API does not have is answered 404, counted apart.
    const missing = (em: RunningEmulator): number => count(em, (route) => route === '(no such operation)');

    // Today's API: `changes` and `auto` deliver batches; `import` asks for the zip import it no longer has.
    const current = await startMigrationEmulator(3, { contract: 'current' });
    emulator = current;
    const today = new Map((await runInlinePlan(current, dir, plan, runIdFor(plan))).report.items.map((item) => [item.id, item]));
    expect(today.get('by-default')).toMatchObject({ status: 'done', outcome: 'merged' });
    expect(today.get('by-auto')).toMatchObject({ status: 'done', outcome: 'merged' });
    expect(today.get('by-import')).toMatchObject({ status: 'failed' });
    expect(JSON.stringify(today.get('by-import'))).toMatch(/404: No operation POST \/v1\/spaces\/target-002\/change-requests\/[^/]+\/content\/import/);
    expect(missing(current)).toBe(1);
    expect(current.stats().contentBatches.calls).toBe(2);
    await current.close();

    // The seed's API: `import` and `auto` import; `changes` is refused before any write: it has no batches.
    const seed = await startMigrationEmulator(3, { contract: 'seed' });
    emulator = seed;
    const then = new Map((await runInlinePlan(seed, dir, plan, runIdFor(plan))).report.items.map((item) => [item.id, item]));
    expect(then.get('by-import')).toMatchObject({ status: 'done', outcome: 'merged' });
    expect(then.get('by-auto')).toMatchObject({ status: 'done', outcome: 'merged' });
    expect(then.get('by-default')).toMatchObject({ status: 'failed' });
    expect(JSON.stringify(then.get('by-default'))).toContain('this API has no content batches');
    expect(missing(seed)).toBe(0);
    expect(imports(seed)).toBe(2);
    expect(seed.stats().contentBatches.calls).toBe(0);
  });
});
