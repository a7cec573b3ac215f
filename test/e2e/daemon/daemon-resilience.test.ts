import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startDaemon } from '../../../src/daemon/start-daemon.js';
import { processorRegistry } from '../../../workers/processor-registry.js';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { BullmqProducer } from '../../../src/queue/bullmq-producer.js';
import { createRedisConnection } from '../../../src/redis/redis-connection.js';
import { startTestEmulator } from '../../support/emulator-harness.js';
import {
  changeRequestsCreated,
  daemonConfig,
  deleteKeys,
  EDITED_PAGE,
  killCli,
  liveChangeRequests,
  logRecords,
  recordingLogger,
  sleep,
  spawnCli,
  uniquePrefix,
  until,
  waitForChangeRequestContent,
  waitIdle,
  writeDaemonConfig,
} from '../../support/daemon-harness.js';
import { startRedisServer } from '../../support/redis-server.js';
import { testRedisUrl } from '../../support/test-environment.js';
import { exampleWorkspace } from '../../support/sync-harness.js';
import { JOBS, type DocsyncJobSchemas } from '../../../src/jobs/job-kinds.js';

/**
 * The daemon under failure: a worker process killed with SIGKILL mid-job, Redis restarted under a
 * running daemon, SIGTERM during a job. The CLI is spawned from `dist/` (built by the integration
 * project's global setup).
 */
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function emulatorAndDocs(latencyMs: number): Promise<{ emulator: RunningEmulator; dir: string; docs: string }> {
  const emulator = await startTestEmulator({ contract: 'seed', latencyMs });
  cleanups.push(() => emulator.close());
  const { dir, docs } = await exampleWorkspace();
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return { emulator, dir, docs };
}

/** A producer (and queue handle) of the test's own on the shared Redis, under `prefix`. */
function testProducer(prefix: string): BullmqProducer<DocsyncJobSchemas> {
  const connection = createRedisConnection(testRedisUrl(), 'admin', recordingLogger());
  const producer = new BullmqProducer(connection, prefix, JOBS);
  cleanups.push(async () => {
    await producer.close();
    connection.disconnect();
  });
  return producer;
}

const page = (text: string): string => `# CLI reference\n\n${text}\n`;

describe('docsync daemon under failure', () => {
  it('(d) a worker killed with SIGKILL mid-job: a new worker finishes the job, with exactly one change request', async () => {
    // 400 ms per API call: the job takes seconds, so it is surely still running when killed.
    const { emulator, dir, docs } = await emulatorAndDocs(400);
    const prefix = uniquePrefix('kill9');
    cleanups.push(() => deleteKeys(testRedisUrl(), prefix));
    // lockDuration 3s: a dead worker's job is noticed within seconds instead of the default minute.
    const file = await writeDaemonConfig(emulator, dir, { redisUrl: testRedisUrl(), prefix, daemon: { lockDuration: '3s' } });
    const producer = testProducer(prefix);
    const queue = producer.queue('space-sync');

    const first = spawnCli(['worker', '-c', file], dir);
    cleanups.push(() => killCli(first));
    const jobId = await producer.enqueue('space-sync', { target: 'docs', reason: 'kill-9 test' });
    expect(jobId).toBeDefined();

    // Killed after it opened the change request and saved that, while its import is in flight:
    // the worst moment, where a careless retry would open a second one.
    await until('the first worker to open the change request', () => changeRequestsCreated(emulator) >= 1, 30_000, 20);
    first.child.kill('SIGKILL');
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
    expect(await queue.getJobState(jobId!)).toBe('active');

    const second = spawnCli(['worker', '-c', file], dir);
    cleanups.push(() => killCli(second));
    await until('the job to complete in the second worker', async () => {
      const state = await queue.getJobState(jobId!);
      if (state === 'failed') throw new Error(`the job failed: ${(await queue.getJob(jobId!))?.failedReason ?? '?'}`);
      return state === 'completed';
    });

    const live = await liveChangeRequests(emulator);
    expect(live).toHaveLength(1);
    expect(changeRequestsCreated(emulator)).toBe(1);
    const original = await readFile(join(docs, EDITED_PAGE), 'utf8');
    await waitForChangeRequestContent(emulator, original, 5_000);
    const job = await queue.getJob(jobId!);
    expect(job?.returnvalue).toMatchObject({ target: 'docs', outcome: 'updated', changeRequest: live[0]?.number });
  });

  it('(d2) a job whose worker is killed twice runs again in a third worker instead of failing as stalled', async () => {
    const { emulator, dir, docs } = await emulatorAndDocs(400);
    const prefix = uniquePrefix('kill9-twice');
    cleanups.push(() => deleteKeys(testRedisUrl(), prefix));
    const file = await writeDaemonConfig(emulator, dir, { redisUrl: testRedisUrl(), prefix, daemon: { lockDuration: '3s' } });
    const producer = testProducer(prefix);
    const queue = producer.queue('space-sync');
    const jobId = await producer.enqueue('space-sync', { target: 'docs', reason: 'kill-9 twice test' });
    expect(jobId).toBeDefined();

    // Each worker is killed once it has started the job: the first, then the one that took it over.
    for (const start of [1, 2]) {
      const worker = spawnCli(['worker', '-c', file], dir);
      cleanups.push(() => killCli(worker));
      await until(`worker ${start} to start the job`, async () => {
        const job = await queue.getJob(jobId!);
        if (job?.failedReason) throw new Error(`the job failed: ${job.failedReason}`);
        return (job?.attemptsStarted ?? 0) >= start && (await job?.getState()) === 'active';
      });
      worker.child.kill('SIGKILL');
      expect(await worker.exited).toEqual({ code: null, signal: 'SIGKILL' });
    }

    const third = spawnCli(['worker', '-c', file], dir);
    cleanups.push(() => killCli(third));
    await until('the job to complete in the third worker', async () => {
      const state = await queue.getJobState(jobId!);
      if (state === 'failed') throw new Error(`the job failed: ${(await queue.getJob(jobId!))?.failedReason ?? '?'}`);
      return state === 'completed';
    });
    expect(await liveChangeRequests(emulator)).toHaveLength(1);
    expect(changeRequestsCreated(emulator)).toBe(1);
    await waitForChangeRequestContent(emulator, await readFile(join(docs, EDITED_PAGE), 'utf8'), 5_000);
    // Three worker processes, each starting up, and two stalls noticed: longer than one test's default.
  }, 120_000);

  it('(e) Redis restarted under a running daemon: the daemon recovers by itself, and edits during and after the outage sync', async () => {
    const redis = await startRedisServer();
    cleanups.push(() => redis.stop());
    const { emulator, dir, docs } = await emulatorAndDocs(0);
    const logger = recordingLogger();
    const prefix = uniquePrefix('restart');
    const loaded = daemonConfig(emulator, dir, { redisUrl: redis.url, prefix });
    const daemon = await startDaemon(loaded, { role: 'daemon', logger, httpListen: '127.0.0.1:0', processors: processorRegistry });
    cleanups.push(() => daemon.stop());

    const original = await readFile(join(docs, EDITED_PAGE), 'utf8');
    const first = await waitForChangeRequestContent(emulator, original);
    await writeFile(join(docs, EDITED_PAGE), page('Before the Redis restart.'));
    await waitForChangeRequestContent(emulator, page('Before the Redis restart.'));
    await waitIdle(daemon.producer);

    // A crash, an edit while Redis is away (the watcher cannot enqueue it), then a fresh, empty
    // Redis: queues, the reconcile schedule and the sync state are all gone.
    await redis.restart(async () => {
      await writeFile(join(docs, EDITED_PAGE), page('Edited while Redis was down.'));
      await until('the watcher to fail to enqueue the edit', () => logger.lines.some((line) => line.includes('could not enqueue')), 10_000);
    });
    const probe = createRedisConnection(redis.url, 'admin', recordingLogger());
    expect(await probe.exists(`${prefix}:state`)).toBe(0);
    probe.disconnect();

    // The edit made during the outage is not lost: reconnecting schedules a reconcile pass.
    const during = await waitForChangeRequestContent(emulator, page('Edited while Redis was down.'));
    // State was lost with Redis: docsync found its change request through the API instead of opening another.
    expect(during.id).toBe(first.id);

    await writeFile(join(docs, EDITED_PAGE), page('After the Redis restart.'));
    const after = await waitForChangeRequestContent(emulator, page('After the Redis restart.'));
    expect(after.id).toBe(first.id);
    expect(await liveChangeRequests(emulator)).toHaveLength(1);
  });

  it('(g) SIGTERM during a job: the daemon drains and exits 0', async () => {
    const { emulator, dir, docs } = await emulatorAndDocs(400);
    const prefix = uniquePrefix('sigterm');
    cleanups.push(() => deleteKeys(testRedisUrl(), prefix));
    const file = await writeDaemonConfig(emulator, dir, { redisUrl: testRedisUrl(), prefix, daemon: { shutdownGrace: '20s' } });
    const queue = testProducer(prefix).queue('space-sync');

    const daemon = spawnCli(['daemon', '-c', file, '--http', '127.0.0.1:0'], dir);
    cleanups.push(() => killCli(daemon));
    // The start-up reconcile pass syncs the target; wait until that job is talking to the API.
    const jobId = await until(
      'the start-up sync to be running',
      async () => {
        const [active] = await queue.getActive();
        return active !== undefined && emulator.stats().total > 0 ? active.id : undefined;
      },
      30_000,
      25,
    );

    daemon.child.kill('SIGTERM');
    const exit = await Promise.race([daemon.exited, sleep(30_000).then(() => 'still running after 30 s')]);
    expect(exit, daemon.stderr().slice(-2_000)).toEqual({ code: 0, signal: null });

    const records = logRecords(daemon.stderr());
    const messages = records.map((record) => record.msg as string);
    expect(messages).toContain('stopping: draining active jobs');
    expect(messages).toContain('stopped');
    expect(records.filter((record) => (record.level as number) >= 50)).toEqual([]);
    // Drained: the job finished within the grace period, or was left in the queue for the next
    // worker; never lost as failed.
    const state = await queue.getJobState(jobId);
    expect(['completed', 'waiting', 'active', 'delayed', 'prioritized']).toContain(state);
    if (state === 'completed') {
      await waitForChangeRequestContent(emulator, await readFile(join(docs, EDITED_PAGE), 'utf8'), 5_000);
    }
  });
});
