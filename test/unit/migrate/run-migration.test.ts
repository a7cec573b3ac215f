import { describe, expect, it } from 'vitest';
import { RateLimitError } from '../../../src/api/errors/rate-limit-error.js';
import { ServerError } from '../../../src/api/errors/server-error.js';
import { silentLogger } from '../../../src/logging/logger.js';
import type { ItemResult } from '../../../src/migrate/item-result.js';
import { buildReport, formatSummary } from '../../../src/migrate/migration-report.js';
import { DEFAULT_SUBJECT, type MigrationItem, type MigrationPlan } from '../../../src/migrate/plan-schema.js';
import { JsonLinesOutput } from '../../../src/migrate/progress-output.js';
import { itemHash } from '../../../src/migrate/run-id.js';
import { RunLedger } from '../../../src/migrate/run-ledger.js';
import { runMigration, type MigrationEvent } from '../../../src/migrate/run-migration.js';
import { PermanentJobError } from '../../../src/failure/permanent-job-error.js';
import type { ItemAttempt } from '../../../src/migrate/item-attempt.js';
import { MemoryStateStore } from '../../../src/state/memory-state-store.js';

const item = (n: number): MigrationItem => ({
  id: `item-${n}`,
  space: `space-${n}`,
  source: { kind: 'folder', path: `/docs/${n}` },
  mode: 'change-request',
  merge: false,
  subject: DEFAULT_SUBJECT,
});
const plan = (count: number): MigrationPlan => ({ file: '/plans/plan.yaml', items: Array.from({ length: count }, (_, i) => item(i)) });

function doneResult(it: MigrationItem, attempts = 1): ItemResult {
  return {
    id: it.id,
    space: it.space,
    source: { kind: 'folder', label: `/docs/${it.id}` },
    mode: it.mode,
    status: 'done',
    outcome: 'imported',
    verification: { ok: true, basis: 'exact', expected: { pages: 2, fingerprint: 'f' }, actual: { pages: 2, fingerprint: 'f' } },
    apiCalls: 3,
    durationMs: 10,
    attempts,
    finishedAt: new Date(0).toISOString(),
    warnings: [],
  };
}

const tick = (ms = 1): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('runMigration', () => {
  it('runs every item at most `concurrency` at a time, retries transient failures, fails permanent ones alone', async () => {
    const state = new MemoryStateStore();
    const ledger = new RunLedger(state, 'm-unit');
    let inFlight = 0;
    let peak = 0;
    const tries = new Map<string, number>();
    const processor: ItemAttempt = async ({ item: it }, { attempt }) => {
      inFlight += 1;
      peak = Math.max(peak, inFlight);
      tries.set(it.id, (tries.get(it.id) ?? 0) + 1);
      try {
        await tick(2);
        if (it.id === 'item-3' && attempt < 3) throw new ServerError({ method: 'POST', path: '/x', status: 503 });
        if (it.id === 'item-5') throw new PermanentJobError('item "item-5": source is gone');
        if (it.id === 'item-7' && (tries.get(it.id) ?? 0) < 4) throw new RateLimitError({ method: 'GET', path: '/x', status: 429, retryAfterMs: 1 });
        return { status: 'done', summary: { ...doneResult(it, attempt) } };
      } finally {
        inFlight -= 1;
      }
    };
    const events: MigrationEvent[] = [];
    const outcome = await runMigration({ processor, ledger, logger: silentLogger }, plan(12), {
      concurrency: 3,
      backoffMs: 1,
      attempts: 3,
      onEvent: (e) => events.push(e),
    });
    expect(peak).toBeLessThanOrEqual(3);
    expect(outcome.interrupted).toBe(false);
    expect(outcome.items.map((i) => i.status)).toEqual(['done', 'done', 'done', 'done', 'done', 'failed', 'done', 'done', 'done', 'done', 'done', 'done']);
    expect(tries.get('item-3')).toBe(3);
    expect(tries.get('item-5')).toBe(1);
    // 429s are waited out without spending attempts.
    expect(tries.get('item-7')).toBe(4);
    expect(outcome.items[7]).toMatchObject({ status: 'done', attempts: 1 });
    expect(outcome.items[5]).toMatchObject({ status: 'failed', error: { message: 'item "item-5": source is gone', code: 'E_JOB_PERMANENT' } });
    expect((await ledger.get('item-5'))?.status).toBe('failed');
    expect(events.filter((e) => e.type === 'item')).toHaveLength(12);
    const last = events.at(-1);
    expect(last?.progress).toMatchObject({ total: 12, done: 11, failed: 1, skipped: 0, inFlight: 0 });
  });

  it('gives up on an item after its attempts and says why; skips items the ledger has as done', async () => {
    const state = new MemoryStateStore();
    const ledger = new RunLedger(state, 'm-unit');
    const first = item(0);
    await ledger.put(first.id, {
      kind: 'item',
      status: 'done',
      itemHash: itemHash(first),
      attempts: 1,
      spent: { apiCalls: 0, durationMs: 0 },
      updatedAt: new Date(0).toISOString(),
      result: doneResult(first),
    });
    const ran: string[] = [];
    const processor: ItemAttempt = ({ item: it }) => {
      ran.push(it.id);
      return Promise.reject(new ServerError({ method: 'POST', path: '/x', status: 500 }));
    };
    const outcome = await runMigration({ processor, ledger, logger: silentLogger }, plan(2), { attempts: 2, backoffMs: 1 });
    expect(ran).toEqual(['item-1', 'item-1']);
    expect([...outcome.skipped]).toEqual(['item-0']);
    expect(outcome.items[1]).toMatchObject({ status: 'failed', error: { code: 'E_API_SERVER' } });
    const report = buildReport('/plans/plan.yaml', outcome);
    expect(report.totals).toMatchObject({ items: 2, done: 1, failed: 1, skipped: 1, verified: 1, pages: 2 });
    const summary = formatSummary(report);
    expect(summary).toContain('1 done (1 in an earlier run), 1 failed');
    expect(summary).toMatch(/✓ {2}item-0 +space-0 +folder \/docs\/item-0 → change request|✓ {2}item-0 +space-0 +folder \/docs\/item-0 → space/);
    expect(summary).toContain('--resume m-unit');
  });

  it('stops starting items when aborted; the rest stay pending for a resume', async () => {
    const ledger = new RunLedger(new MemoryStateStore(), 'm-unit');
    const stop = new AbortController();
    let started = 0;
    const processor: ItemAttempt = async ({ item: it }, { signal }) => {
      started += 1;
      if (started === 3) stop.abort();
      await tick(2);
      if (signal.aborted) throw new DOMException('aborted', 'AbortError');
      return { status: 'done', summary: { ...doneResult(it) } };
    };
    const outcome = await runMigration({ processor, ledger, logger: silentLogger }, plan(10), { concurrency: 1, signal: stop.signal });
    expect(outcome.interrupted).toBe(true);
    expect(outcome.items.map((i) => i.status)).toEqual([
      'done',
      'done',
      'pending',
      'pending',
      'pending',
      'pending',
      'pending',
      'pending',
      'pending',
      'pending',
    ]);
    const lines: string[] = [];
    const output = new JsonLinesOutput({ write: (text: string) => lines.push(text) });
    output.end(buildReport('/plans/plan.yaml', outcome));
    expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({ event: 'end', interrupted: true, done: 2, pending: 8 });
  });
});
