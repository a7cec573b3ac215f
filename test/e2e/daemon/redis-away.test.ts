import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { EXIT } from '../../../src/failure/exit-codes.js';
import { silentLogger } from '../../../src/logging/logger.js';
import type { MigrationReport } from '../../../src/migrate/migration-report.js';
import { BullmqProducer } from '../../../src/queue/bullmq-producer.js';
import { createRedisConnection } from '../../../src/redis/redis-connection.js';
import { startTestEmulator } from '../../support/emulator-harness.js';
import {
  EDITED_PAGE,
  killCli,
  logRecords,
  sleep,
  spawnCli,
  uniquePrefix,
  until,
  waitForChangeRequestContent,
  writeDaemonConfig,
  type CliProcess,
} from '../../support/daemon-harness.js';
import type { FinishedCli } from '../../support/exit-matcher.js';
import { startRedisServer, type RedisServer } from '../../support/redis-server.js';
import { exampleWorkspace } from '../../support/sync-harness.js';
import { docsFolder, importsInto, startMigrationEmulator, targetSpace } from '../../support/migrate-support.js';
import { JOBS } from '../../../src/jobs/job-kinds.js';

/**
 * Every role with Redis away, through the built CLI against a redis-server of the test's own that
 * the test stops and starts: the roles start, answer and stop on SIGTERM whether Redis is there or
 * not, and go to work when it comes; one-shot commands fail fast or exit when done.
 */
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** `daemon.shutdownGrace` of these tests: a role must be gone by then after SIGTERM. */
const GRACE_MS = 4_000;

async function ownRedis(): Promise<RedisServer> {
  const redis = await startRedisServer();
  cleanups.push(() => redis.stop());
  return redis;
}

async function workspace(): Promise<{ emulator: RunningEmulator; dir: string; docs: string }> {
  const emulator = await startTestEmulator({ contract: 'seed' });
  cleanups.push(() => emulator.close());
  const { dir, docs } = await exampleWorkspace();
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return { emulator, dir, docs };
}

function spawn(args: readonly string[], cwd: string): CliProcess {
  const cli = spawnCli(args, cwd);
  cleanups.push(() => killCli(cli));
  return cli;
}

/** How `cli` ended and what it printed, or a failure naming what it printed if it is still running after `withinMs`. */
async function exitWithin(cli: CliProcess, withinMs: number): Promise<FinishedCli> {
  const result = await Promise.race([cli.finished, sleep(withinMs).then(() => undefined)]);
  if (result === undefined) throw new Error(`still running ${withinMs} ms later; its log ends:\n${cli.stderr().slice(-2_000)}`);
  return result;
}

const hasLogged = (cli: CliProcess, message: string): boolean => logRecords(cli.stderr()).some((record) => record.msg === message);

describe('Redis away', () => {
  it('docsync worker started while Redis is down stops on SIGTERM within shutdownGrace, exit 0', async () => {
    const redis = await ownRedis();
    await redis.down();
    const { emulator, dir } = await workspace();
    const file = await writeDaemonConfig(emulator, dir, {
      redisUrl: redis.url,
      prefix: uniquePrefix('away-worker'),
      daemon: { shutdownGrace: `${GRACE_MS}ms` },
    });

    const worker = spawn(['worker', '-c', file], dir);
    await until('the worker to start', () => hasLogged(worker, 'docsync started'), 20_000);
    expect(hasLogged(worker, 'Redis is unreachable; retrying until it is back')).toBe(true);
    worker.child.kill('SIGTERM');
    expect(await exitWithin(worker, GRACE_MS + 1_000)).toExitWith(0);
    expect(hasLogged(worker, 'stopped')).toBe(true);
  });

  it('docsync watch started while Redis is down stops on SIGTERM within shutdownGrace, exit 0', async () => {
    const redis = await ownRedis();
    await redis.down();
    const { emulator, dir } = await workspace();
    const file = await writeDaemonConfig(emulator, dir, {
      redisUrl: redis.url,
      prefix: uniquePrefix('away-watch'),
      daemon: { shutdownGrace: `${GRACE_MS}ms` },
    });

    const watch = spawn(['watch', '-c', file], dir);
    await until('the watcher to start', () => hasLogged(watch, 'docsync started'), 20_000);
    expect(hasLogged(watch, 'Redis is unreachable at start-up; the reconcile schedule is armed when it comes')).toBe(true);
    watch.child.kill('SIGTERM');
    expect(await exitWithin(watch, GRACE_MS + 1_000)).toExitWith(0);
  });

  it('docsync worker started while Redis is down runs jobs once Redis comes', async () => {
    const redis = await ownRedis();
    await redis.down();
    const { emulator, dir, docs } = await workspace();
    const prefix = uniquePrefix('away-comes');
    const file = await writeDaemonConfig(emulator, dir, { redisUrl: redis.url, prefix, daemon: { shutdownGrace: `${GRACE_MS}ms` } });

    const worker = spawn(['worker', '-c', file], dir);
    await until('the worker to start', () => hasLogged(worker, 'docsync started'), 20_000);
    await redis.up();
    const connection = createRedisConnection(redis.url, 'admin', silentLogger);
    const producer = new BullmqProducer(connection, prefix, JOBS);
    cleanups.push(async () => {
      await producer.close();
      connection.disconnect();
    });
    const jobId = await producer.enqueue('space-sync', { target: 'docs', reason: 'Redis came' });
    await until(
      'the job to complete',
      async () => {
        const state = await producer.queue('space-sync').getJobState(jobId!);
        if (state === 'failed') throw new Error(`the job failed: ${(await producer.queue('space-sync').getJob(jobId!))?.failedReason ?? '?'}`);
        return state === 'completed';
      },
      30_000,
    );
    await waitForChangeRequestContent(emulator, await readFile(join(docs, EDITED_PAGE), 'utf8'), 5_000);
    worker.child.kill('SIGTERM');
    expect(await exitWithin(worker, GRACE_MS + 1_000)).toExitWith(0);
  });

  it('docsync status with Redis down exits 5 within 5 s with one line naming Redis', async () => {
    const redis = await ownRedis();
    await redis.down();
    const { emulator, dir } = await workspace();
    const file = await writeDaemonConfig(emulator, dir, { redisUrl: redis.url, prefix: uniquePrefix('away-status') });

    const status = spawn(['status', '-c', file], dir);
    expect(await exitWithin(status, 5_000)).toExitWith(EXIT.unavailable);
    const lines = status.stderr().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^docsync: Redis at redis://127\\.0\\.0\\.1:${redis.port} is unreachable \\(.*ECONNREFUSED.*\\): start it`));
    expect(status.stdout()).toBe('');
  });

  it('docsync daemon started while Redis is down serves /healthz 200 and /readyz 503 naming Redis, then syncs once Redis comes', async () => {
    const redis = await ownRedis();
    await redis.down();
    const { emulator, dir, docs } = await workspace();
    const file = await writeDaemonConfig(emulator, dir, {
      redisUrl: redis.url,
      prefix: uniquePrefix('away-daemon'),
      daemon: { shutdownGrace: `${GRACE_MS}ms` },
    });

    const daemon = spawn(['daemon', '-c', file, '--http', '127.0.0.1:0'], dir);
    const ops = await until(
      'the operators’ endpoint to listen',
      () => logRecords(daemon.stderr()).find((record) => record.msg === 'ops server listening')?.listen as string | undefined,
      20_000,
    );
    const health = await fetch(`${ops}/healthz`);
    expect(health.status).toBe(200);
    const notReady = await fetch(`${ops}/readyz`);
    expect(notReady.status).toBe(503);
    const body = (await notReady.json()) as { failed: string[]; details: { redis?: string } };
    expect(body.failed).toEqual(['redis']);
    expect(body.details.redis).toMatch(new RegExp(`^Redis at redis://127\\.0\\.0\\.1:${redis.port} is unreachable`));

    await redis.up();
    await until('/readyz to answer 200', async () => (await fetch(`${ops}/readyz`)).status === 200, 30_000, 200);
    // The start-up pass it could not enqueue runs once Redis is there.
    await waitForChangeRequestContent(emulator, await readFile(join(docs, EDITED_PAGE), 'utf8'));

    daemon.child.kill('SIGTERM');
    expect(await exitWithin(daemon, GRACE_MS + 1_000)).toExitWith(0);
  });

  it('docsync migrate --queue exits once its report is written, and so does a resume with every item done', async () => {
    const redis = await ownRedis();
    const emulator = await startMigrationEmulator(3, { contract: 'seed' });
    cleanups.push(() => emulator.close());
    const { dir } = await exampleWorkspace();
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const items = [];
    for (let i = 0; i < 3; i++) {
      await docsFolder(dir, `docs-${i}`, 2);
      items.push({ source: `./docs-${i}`, space: targetSpace(i) });
    }
    await writeFile(join(dir, 'plan.yaml'), stringify({ items }));
    const config = {
      api: { endpoint: emulator.url, token: 'emulator-admin' },
      redis: { url: redis.url, prefix: uniquePrefix('away-migrate') },
      state: { backend: 'redis' },
      daemon: { shutdownGrace: `${GRACE_MS}ms` },
    };
    await writeFile(join(dir, 'docsync.yaml'), stringify(config));
    const worker = spawn(['worker'], dir);

    const first = spawn(['migrate', 'plan.yaml', '--queue', '--json'], dir);
    expect(await exitWithin(first, 60_000)).toExitWith(EXIT.ok);
    expect((JSON.parse(first.stdout()) as MigrationReport).totals).toMatchObject({ items: 3, done: 3, failed: 0 });
    for (let i = 0; i < 3; i++) expect(importsInto(emulator, targetSpace(i))).toBe(1);

    const again = spawn(['migrate', 'plan.yaml', '--queue', '--json'], dir);
    expect(await exitWithin(again, 20_000)).toExitWith(EXIT.ok);
    expect((JSON.parse(again.stdout()) as MigrationReport).totals).toMatchObject({ items: 3, done: 3, skipped: 3 });

    // With Redis away it fails fast, exit 5, instead of waiting for it.
    await redis.down();
    const away = spawn(['migrate', 'plan.yaml', '--queue'], dir);
    expect(await exitWithin(away, 5_000)).toExitWith(EXIT.unavailable);
    expect(away.stderr()).toMatch(/^docsync: Redis at redis:\/\/127\.0\.0\.1:\d+ is unreachable/m);

    worker.child.kill('SIGTERM');
    expect(await exitWithin(worker, GRACE_MS + 1_000)).toExitWith(0);
  });
});
