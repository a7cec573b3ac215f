import { spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { stringify } from 'yaml';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { migrateAction, type MigrateIo } from '../../../src/cli/commands/migrate-command.js';
import { EXIT } from '../../../src/failure/exit-codes.js';
import { ConfigError } from '../../../src/config/config-error.js';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { silentLogger } from '../../../src/logging/logger.js';
import type { MigrationReport } from '../../../src/migrate/migration-report.js';
import { MemoryStateStore } from '../../../src/state/memory-state-store.js';
import { startByteServer, type ByteServer } from '../../support/byte-server.js';
import { CLI } from '../../support/daemon-harness.js';
import { makeTempDir, removeTempDirs } from '../../support/temp-tree.js';
import { changeRequestsIn, docsFolder, importsInto, startMigrationEmulator, targetSpace, writeMixedPlan } from '../../support/migrate-support.js';

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

interface Captured extends MigrateIo {
  out: string[];
  err: string[];
}

function io(em: RunningEmulator, extra: Partial<MigrateIo> = {}): Captured {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out,
    err,
    stdout: { write: (text: string) => out.push(text), isTTY: false },
    stderr: { write: (text: string) => err.push(text) },
    env: { DOCSYNC_ENDPOINT: em.url, DOCSYNC_TOKEN: 'emulator-admin' },
    logger: silentLogger,
    state: new MemoryStateStore(),
    ...extra,
  };
}

const jsonLines = (out: readonly string[]): Record<string, any>[] =>
  out
    .join('')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, any>);

/** A plan with good items and three bad ones: an unreachable URL, an unknown space, a missing folder. */
async function planWithBadItems(dir: string): Promise<string> {
  const closed = await startByteServer();
  const unreachable = closed.url('/gone.zip');
  await closed.close();
  const items = [];
  for (let i = 0; i < 5; i++) items.push({ source: `./docs-${i}`, space: targetSpace(i), merge: i % 2 === 0 });
  for (let i = 0; i < 5; i++) await docsFolder(dir, `docs-${i}`, 2);
  items.push({ id: 'unreachable', source: unreachable, space: targetSpace(5) });
  items.push({ id: 'unknown-space', source: './docs-0', space: 'no-such-space' });
  items.push({ id: 'missing-folder', source: './nowhere', space: targetSpace(6) });
  items.push({ id: 'no-repo', source: { git: './no-such-repo', ref: 'main' }, space: targetSpace(7) });
  const file = path.join(dir, 'plan.yaml');
  await writeFile(file, stringify({ items }));
  return file;
}

describe('docsync migrate (command)', () => {
  it('fails a bad item alone with a clear reason, completes the rest, and exits 1', async () => {
    emulator = await startMigrationEmulator(8, { contract: 'seed' });
    const dir = await makeTempDir('docsync-migrate-bad-');
    const plan = await planWithBadItems(dir);
    const run = io(emulator);
    const reportFile = path.join(dir, 'out', 'report.json');
    const code = await migrateAction(plan, { report: reportFile }, run);

    expect(code).toBe(EXIT.failed);
    const report = JSON.parse(await readFile(reportFile, 'utf8')) as MigrationReport;
    expect(report.totals).toMatchObject({ items: 9, done: 5, failed: 4, verified: 5 });
    const reason = (id: string): string => {
      const item = report.items.find((i) => i.id === id);
      return item?.status === 'failed' ? (item.error?.message ?? '') : `not failed: ${item?.status ?? 'missing'}`;
    };
    expect(reason('unreachable')).toMatch(/unreachable \(ECONNREFUSED\)/);
    expect(reason('unknown-space')).toMatch(/target space "no-such-space" was not found/);
    expect(reason('missing-folder')).toMatch(/folder .*nowhere does not exist/);
    expect(reason('no-repo')).toMatch(/git clone .*no-such-repo failed: fatal: repository '.*no-such-repo' does not exist/);
    // A permanent failure is not retried.
    expect(report.items.filter((i) => i.status === 'failed').map((i) => (i.status === 'failed' ? i.attempts : 0))).toEqual([1, 1, 1, 1]);
    // JSON lines on stdout (not a terminal): start, one line per item, end; the summary on stderr.
    const lines = jsonLines(run.out);
    expect(lines[0]).toMatchObject({ event: 'start', total: 9 });
    expect(lines.filter((line) => line.event === 'item')).toHaveLength(9);
    expect(lines.at(-1)).toMatchObject({ event: 'end', done: 5, failed: 4 });
    const summary = run.err.join('');
    expect(summary).toContain('5 done, 4 failed');
    expect(summary).toContain('✗  unknown-space');
    expect(summary).toContain(`--resume ${report.runId}`);
  });

  it('--dry-run validates every source and target, prints the plan and writes nothing', async () => {
    emulator = await startMigrationEmulator(8, { contract: 'seed' });
    const dir = await makeTempDir('docsync-migrate-dry-');
    const plan = await planWithBadItems(dir);
    const run = io(emulator);
    const code = await migrateAction(plan, { dryRun: true }, run);
    expect(code).toBe(EXIT.failed);
    const text = run.out.join('');
    expect(text).toContain('DRY-RUN: migration plan');
    expect(text).toContain('9 items, 4 invalid; nothing was written');
    expect(text).toMatch(/✓ {2}target-001 → target-001 \(change request, merged\): folder .*docs-0, 3 pages/);
    expect(text).toContain('DRY-RUN: would merge it');
    expect(text).toMatch(/✗ {2}unknown-space .*target space "no-such-space" was not found/);
    expect(text).toMatch(/✗ {2}unreachable .*unreachable \(ECONNREFUSED\)/);
    expect(emulator.stats().writes).toBe(0);

    const json = io(emulator);
    await migrateAction(plan, { dryRun: true, json: true }, json);
    const parsed = JSON.parse(json.out.join('')) as { items: { id: string; valid: boolean; pages?: number }[] };
    expect(parsed.items.filter((item) => !item.valid).map((item) => item.id)).toEqual(['unreachable', 'unknown-space', 'missing-folder', 'no-repo']);
  });

  it('reads a CSV plan, and names the line of a bad row', async () => {
    emulator = await startMigrationEmulator(3, { contract: 'seed' });
    const dir = await makeTempDir('docsync-migrate-csv-');
    await docsFolder(dir, 'handbook', 2);
    server.set('/guide.md', '# Guide\n\nText.\n', 'text/markdown');
    const csv = path.join(dir, 'plan.csv');
    await writeFile(csv, `source,space,mode,merge\n./handbook,${targetSpace(0)},,yes\n"${server.url('/guide.md')}",${targetSpace(1)},direct,\n`);
    const run = io(emulator);
    expect(await migrateAction(csv, { json: true }, run)).toBe(EXIT.ok);
    const report = JSON.parse(run.out.join('')) as MigrationReport;
    expect(report.items.map((item) => [item.id, item.status, item.status === 'done' ? item.outcome : undefined])).toEqual([
      [targetSpace(0), 'done', 'merged'],
      [targetSpace(1), 'done', 'imported'],
    ]);

    await writeFile(csv, `source,space\n./handbook,${targetSpace(0)}\n./handbook,\n`);
    await expect(migrateAction(csv, {}, io(emulator))).rejects.toThrow(ConfigError);
    await expect(migrateAction(csv, {}, io(emulator))).rejects.toThrow(/plan\.csv:3: space: needs the id of the target space/);
  });

  it('resumes after the process was killed halfway (kill -9), without redoing done items or importing twice', async () => {
    emulator = await startMigrationEmulator(30, { contract: 'seed', latencyMs: 15 });
    const dir = await makeTempDir('docsync-migrate-kill-');
    const { file } = await writeMixedPlan(dir, server, 30);
    const env = { ...process.env, DOCSYNC_ENDPOINT: emulator.url, DOCSYNC_TOKEN: 'emulator-admin', DOCSYNC_LOG_LEVEL: 'silent' };

    const killed = await new Promise<{ items: number; signal: NodeJS.Signals | null }>((resolve, reject) => {
      const child = spawn(process.execPath, [CLI, 'migrate', file, '--concurrency', '6'], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
      let items = 0;
      let buffer = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        buffer += chunk;
        const lines = buffer.split('\n');
        buffer = lines.pop() ?? '';
        for (const line of lines) if (line.includes('"event":"item"')) items += 1;
        if (items >= 10 && child.exitCode === null && !child.killed) child.kill('SIGKILL');
      });
      child.on('error', reject);
      child.on('exit', (_code, signal) => resolve({ items, signal }));
    });
    expect(killed.signal).toBe('SIGKILL');
    expect(killed.items).toBeGreaterThanOrEqual(10);
    expect(killed.items).toBeLessThan(30);

    const reportFile = path.join(dir, 'report.json');
    const resumed = await new Promise<number | null>((resolve, reject) => {
      const child = spawn(process.execPath, [CLI, 'migrate', file, '--report', reportFile], { cwd: dir, env, stdio: 'ignore' });
      child.on('error', reject);
      child.on('exit', (code) => resolve(code));
    });
    expect(resumed).toBe(EXIT.ok);
    const report = JSON.parse(await readFile(reportFile, 'utf8')) as MigrationReport;
    expect(report.totals).toMatchObject({ items: 30, done: 30, failed: 0, verified: 30 });
    expect(report.totals.skipped).toBeGreaterThanOrEqual(killed.items);
    for (let i = 0; i < 30; i++) {
      expect({ space: targetSpace(i), imports: importsInto(emulator, targetSpace(i)) }).toEqual({ space: targetSpace(i), imports: 1 });
      expect(changeRequestsIn(emulator, targetSpace(i))).toBeLessThanOrEqual(1);
    }
  });
});
