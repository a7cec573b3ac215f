import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BullmqProducer } from '../../../src/queue/bullmq-producer.js';
import { createRedisConnection } from '../../../src/redis/redis-connection.js';
import { silentLogger } from '../../../src/logging/logger.js';
import { startTestEmulator } from '../../support/emulator-harness.js';
import {
  deleteKeys,
  EDITED_PAGE,
  killCli,
  liveChangeRequests,
  logRecords,
  spawnCli,
  uniquePrefix,
  until,
  waitForChangeRequestContent,
  waitIdle,
  writeDaemonConfig,
} from '../../support/daemon-harness.js';
import { exampleWorkspace } from '../../support/sync-harness.js';
import { testRedisUrl } from '../../support/test-environment.js';
import { JOBS } from '../../../src/jobs/job-kinds.js';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('a worker paused past its lock (SIGSTOP, as a VM pause or a long GC would)', () => {
  it('writes nothing once it resumes: the newer edit another worker landed meanwhile stays', async () => {
    // 700 ms per API call: the first worker is surely between two calls when it is paused.
    const emulator = await startTestEmulator({ contract: 'seed', latencyMs: 700 });
    cleanups.push(() => emulator.close());
    const { dir, docs } = await exampleWorkspace();
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const prefix = uniquePrefix('sigstop');
    cleanups.push(() => deleteKeys(testRedisUrl(), prefix));
    // lockDuration 2s: the paused worker's lock lapses, and the other worker takes the job, within seconds.
    const file = await writeDaemonConfig(emulator, dir, { redisUrl: testRedisUrl(), prefix, daemon: { lockDuration: '2s' } });
    const connection = createRedisConnection(testRedisUrl(), 'admin', silentLogger);
    const producer = new BullmqProducer(connection, prefix, JOBS);
    cleanups.push(async () => {
      await producer.close();
      connection.disconnect();
    });
    const queue = producer.queue('space-sync');

    const paused = spawnCli(['worker', '-c', file], dir);
    cleanups.push(() => killCli(paused));
    const jobId = await producer.enqueue('space-sync', { target: 'docs', reason: 'sigstop test' });
    await until('the first worker to read from the API', () => emulator.stats().total > 0, 30_000, 5);
    paused.child.kill('SIGSTOP');
    expect(emulator.stats().writes).toBe(0);

    const page = join(docs, EDITED_PAGE);
    const newer = `${await readFile(page, 'utf8')}\nAn edit made while the first worker is paused.\n`;
    await writeFile(page, newer);
    const other = spawnCli(['worker', '-c', file], dir);
    cleanups.push(() => killCli(other));
    await until('the other worker to finish the job', async () => (await queue.getJobState(jobId!)) === 'completed', 90_000, 200);
    await waitForChangeRequestContent(emulator, newer, 10_000);

    paused.child.kill('SIGCONT');
    // It notices it lost the job: at its next write (the fence) or when its lock renewal fails (abort).
    await until(
      'the resumed worker to give the job up',
      () => logRecords(paused.stderr()).some((r) => /sync superseded|job aborted/.test(String(r.msg))),
      60_000,
      100,
    );
    await waitIdle(producer, 60_000);

    const live = await liveChangeRequests(emulator);
    expect(live).toHaveLength(1);
    await waitForChangeRequestContent(emulator, newer, 10_000);
    expect((await queue.getJobCounts('failed')).failed).toBe(0);
  }, 240_000);
});
