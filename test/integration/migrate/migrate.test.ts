import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { ignoreStateFolder } from '../../../src/cli/ignore-state-folder.js';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { loadPlan } from '../../../src/migrate/load-plan.js';
import { formatSummary, type ReportItem } from '../../../src/migrate/migration-report.js';
import { runIdFor } from '../../../src/migrate/run-id.js';
import { MemoryStateStore } from '../../../src/state/memory-state-store.js';
import { startByteServer, type ByteServer } from '../../support/byte-server.js';
import { makeTempDir, removeTempDirs } from '../../support/temp-tree.js';
import {
  changeRequestsIn,
  importsInto,
  runInlinePlan,
  sourceSpace,
  startMigrationEmulator,
  targetSpace,
  writeMixedPlan,
} from '../../support/migrate-support.js';

const ITEMS = 50;

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

function done(items: readonly ReportItem[]): ReportItem[] {
  return items.filter((item) => item.status === 'done');
}

/** Every item imported exactly once, into at most one change request per space. */
function expectOneImportEach(em: RunningEmulator, count: number): void {
  for (let i = 0; i < count; i++) {
    expect({ space: targetSpace(i), imports: importsInto(em, targetSpace(i)) }).toEqual({ space: targetSpace(i), imports: 1 });
    expect(changeRequestsIn(em, targetSpace(i))).toBeLessThanOrEqual(1);
  }
}

describe('docsync migrate (inline, against the emulator)', () => {
  it('migrates a plan of 50 items of mixed source kinds, and proves each arrived', async () => {
    emulator = await startMigrationEmulator(ITEMS, { contract: 'seed' });
    const dir = await makeTempDir('docsync-migrate-');
    const { file, kinds } = await writeMixedPlan(dir, server, ITEMS);
    const plan = await loadPlan(file);
    const { report, events } = await runInlinePlan(emulator, dir, plan, runIdFor(plan));

    const failures = report.items.filter((item) => item.status !== 'done');
    expect(failures).toEqual([]);
    expect(report.totals).toMatchObject({ items: ITEMS, done: ITEMS, failed: 0, pending: 0, skipped: 0, verified: ITEMS });
    expect(new Set(kinds)).toEqual(new Set(['folder', 'git', 'git-ref', 'zip', 'markdown', 'website', 'space']));
    for (const item of done(report.items)) {
      if (item.status !== 'done') continue;
      expect(item.verification?.ok).toBe(true);
      expect(item.apiCalls).toBeGreaterThan(0);
      const kind = item.source.kind;
      expect(item.verification?.basis).toBe(kind === 'website' || kind === 'markdown' ? 'page-count' : 'exact');
    }
    // Exact verification compares the page paths and blob ids: 4 pages (readme + 3) per generated repo.
    const folder = report.items.find((item) => item.id === 'set-001');
    expect(folder).toMatchObject({
      status: 'done',
      outcome: 'merged',
      verification: { ok: true, basis: 'exact', expected: { pages: 4 }, actual: { pages: 4 } },
    });
    const direct = report.items.find((item) => item.id === 'set-005');
    expect(direct).toMatchObject({ status: 'done', mode: 'direct', outcome: 'imported' });
    expect(direct && 'changeRequest' in direct ? direct.changeRequest : undefined).toBeUndefined();
    // The git item at tag v1 got the first commit's readme, the one at HEAD the edited one.
    const atTag = report.items.find((item) => item.id === 'set-007');
    const atHead = report.items.find((item) => item.id === 'set-002');
    expect(atTag && 'commit' in atTag ? atTag.commit : undefined).not.toEqual(atHead && 'commit' in atHead ? atHead.commit : undefined);
    expect(report.api?.calls).toBeGreaterThan(ITEMS * 3);
    expect(events.filter((event) => event.type === 'item')).toHaveLength(ITEMS);
    expectOneImportEach(emulator, ITEMS);
  });

  it('migrates a space source in a repository whose .gitignore ignores .docsync/, as docsync init writes it', async () => {
    emulator = await startMigrationEmulator(1, { contract: 'seed' });
    const dir = await makeTempDir('docsync-migrate-');
    expect(await ignoreStateFolder(dir)).toBe('created');
    const file = path.join(dir, 'plan.yaml');
    await writeFile(file, stringify({ items: [{ id: 'from-space', source: `space:${sourceSpace(0)}`, space: targetSpace(0), mode: 'direct' }] }));
    const plan = await loadPlan(file);
    const { report } = await runInlinePlan(emulator, dir, plan, runIdFor(plan));
    expect(report.items).toEqual([
      expect.objectContaining({ id: 'from-space', status: 'done', verification: expect.objectContaining({ ok: true, basis: 'exact' }) }),
    ]);
    expect(importsInto(emulator, targetSpace(0))).toBe(1);
    expect(report.items[0]?.status === 'done' && report.items[0].source).toEqual({ kind: 'space', label: sourceSpace(0) });
    expect(formatSummary(report)).toContain(`space ${sourceSpace(0)}`);
    expect(formatSummary(report)).not.toContain('space space');
  });

  it('completes with every item verified and none imported twice at a 10% fault rate and a tight rate limit', async () => {
    emulator = await startMigrationEmulator(ITEMS, { contract: 'seed', faultRate: 0.1, rateLimit: 40, seed: 7 });
    const dir = await makeTempDir('docsync-migrate-faults-');
    const { file } = await writeMixedPlan(dir, server, ITEMS);
    const plan = await loadPlan(file);
    const { report } = await runInlinePlan(emulator, dir, plan, runIdFor(plan), { concurrency: 16 });

    expect(report.items.filter((item) => item.status !== 'done')).toEqual([]);
    expect(report.totals).toMatchObject({ done: ITEMS, verified: ITEMS });
    const stats = emulator.stats();
    expect(stats.faults).toBeGreaterThan(10);
    expectOneImportEach(emulator, ITEMS);
    // Some items needed more than one attempt, and some of those found their import had landed.
    expect(report.items.some((item) => item.status === 'done' && item.attempts > 1)).toBe(true);
  });

  it('resumes a run stopped halfway without redoing the items it had done', async () => {
    emulator = await startMigrationEmulator(ITEMS, { contract: 'seed' });
    const dir = await makeTempDir('docsync-migrate-resume-');
    const { file } = await writeMixedPlan(dir, server, ITEMS);
    const plan = await loadPlan(file);
    const runId = runIdFor(plan);
    const state = new MemoryStateStore();
    const stop = new AbortController();
    let settled = 0;
    const first = await runInlinePlan(emulator, dir, plan, runId, {
      state,
      signal: stop.signal,
      onEvent: (event) => {
        if (event.type === 'item' && ++settled === 20) stop.abort();
      },
    });
    expect(first.report.interrupted).toBe(true);
    const doneFirst = done(first.report.items).map((item) => item.id);
    expect(doneFirst.length).toBeGreaterThanOrEqual(20);
    expect(doneFirst.length).toBeLessThan(ITEMS);
    const importsBefore = new Map(Array.from({ length: ITEMS }, (_, i) => [targetSpace(i), importsInto(emulator!, targetSpace(i))]));

    const second = await runInlinePlan(emulator, dir, plan, runId, { state });
    expect(second.report.interrupted).toBe(false);
    expect(second.report.totals).toMatchObject({ done: ITEMS, failed: 0, skipped: doneFirst.length, verified: ITEMS });
    for (const item of second.report.items) {
      if (item.status !== 'done') continue;
      expect(item.skipped).toBe(doneFirst.includes(item.id));
    }
    // Items done before the stop were not touched again; every item ends imported exactly once
    // (those cut off mid-import were found to have landed, or had not been sent).
    for (let i = 0; i < ITEMS; i++) {
      const item = plan.items[i]!;
      if (doneFirst.includes(item.id)) expect(importsInto(emulator, targetSpace(i))).toBe(importsBefore.get(targetSpace(i)));
    }
    expectOneImportEach(emulator, ITEMS);
  });
});
