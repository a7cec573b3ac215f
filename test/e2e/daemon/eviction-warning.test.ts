import { rm } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../src/logging/logger.js';
import { BullmqProducer } from '../../../src/queue/bullmq-producer.js';
import { createRedisConnection } from '../../../src/redis/redis-connection.js';
import { JOBS } from '../../../src/jobs/job-kinds.js';
import { startTestEmulator } from '../../support/emulator-harness.js';
import { killCli, logRecords, spawnCli, uniquePrefix, until, writeDaemonConfig } from '../../support/daemon-harness.js';
import { startRedisServer } from '../../support/redis-server.js';
import { exampleWorkspace } from '../../support/sync-harness.js';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('a Redis that may evict keys', () => {
  it('gets one structured warning from docsync worker, not BullMQ’s raw line per connection', async () => {
    const redis = await startRedisServer();
    cleanups.push(() => redis.stop());
    const connection = createRedisConnection(redis.url, 'admin', silentLogger);
    cleanups.push(() => Promise.resolve(connection.disconnect()));
    await connection.config('SET', 'maxmemory-policy', 'allkeys-lru');
    const emulator = await startTestEmulator({ contract: 'seed' });
    cleanups.push(() => emulator.close());
    const { dir } = await exampleWorkspace();
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const prefix = uniquePrefix('eviction');
    const file = await writeDaemonConfig(emulator, dir, { redisUrl: redis.url, prefix, daemon: { shutdownGrace: '4s' } });

    const worker = spawnCli(['worker', '-c', file], dir);
    cleanups.push(() => killCli(worker));
    // A job run to its end: by then every queue and worker of the process has opened its connections.
    const producer = new BullmqProducer(connection, prefix, JOBS);
    cleanups.push(() => producer.close());
    const jobId = await producer.enqueue('space-sync', { target: 'docs', reason: 'eviction test' });
    await until('the job to complete', async () => (await producer.queue('space-sync').getJobState(jobId!)) === 'completed', 60_000);
    worker.child.kill('SIGTERM');
    expect(await worker.finished).toExitWith(0);

    const stderr = worker.stderr();
    expect(stderr).not.toMatch(/^IMPORTANT!/m);
    expect(stderr.split('\n').filter((line) => line !== '' && !line.startsWith('{'))).toEqual([]);
    const warnings = logRecords(stderr).filter((record) => /evict/i.test(String(record.msg)));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ level: 40, policy: 'allkeys-lru' });
  });
});
