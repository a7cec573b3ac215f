import { afterAll, describe, expect, it } from 'vitest';
import { ServerError } from '../../../src/api/errors/server-error.js';
import { PermanentJobError } from '../../../src/failure/permanent-job-error.js';
import { silentLogger } from '../../../src/logging/logger.js';
import { BullmqConsumer } from '../../../src/queue/bullmq-consumer.js';
import { BullmqProducer } from '../../../src/queue/bullmq-producer.js';
import { createRedisConnection, type Redis } from '../../../src/redis/redis-connection.js';
import { deleteKeys, uniquePrefix, until } from '../../support/daemon-harness.js';
import { testRedisUrl } from '../../support/test-environment.js';
import { JOBS } from '../../../src/jobs/job-kinds.js';
import type { JobRegistry } from '../../../src/jobs/worker-deps.js';

const connections: Redis[] = [];
const prefixes: string[] = [];
afterAll(async () => {
  for (const redis of connections) await redis.quit().catch(() => undefined);
  for (const prefix of prefixes) await deleteKeys(testRedisUrl(), prefix);
});

const connect = (): Redis => {
  const redis = createRedisConnection(testRedisUrl(), 'worker', silentLogger);
  connections.push(redis);
  return redis;
};

describe('BullMQ job retries', () => {
  it('retries a transient failure with the retry policy backoff, and stops at once on a permanent one', async () => {
    const prefix = uniquePrefix('backoff');
    prefixes.push(prefix);
    const attempts = new Map<string, number[]>();
    const registry: JobRegistry = {
      'space-sync': async (data, { attempt }) => {
        attempts.set(data.target, [...(attempts.get(data.target) ?? []), attempt]);
        await Promise.resolve();
        if (data.target === 'flaky' && attempt < 3) throw new ServerError({ status: 503, method: 'PUT', path: '/v1/spaces/x/content/import' });
        if (data.target === 'broken') throw new PermanentJobError('the docs root does not exist');
        return { status: 'done', summary: { attempt } };
      },
    };
    const producer = new BullmqProducer(connect(), prefix, JOBS);
    const consumer = new BullmqConsumer(JOBS, registry, connect, silentLogger, { prefix });
    try {
      await producer.enqueue('space-sync', { target: 'flaky' });
      await producer.enqueue('space-sync', { target: 'broken' });
      const queue = producer.queue('space-sync');
      await until(
        'both jobs to settle',
        async () => {
          const counts = await queue.getJobCounts('completed', 'failed');
          return counts.completed === 1 && counts.failed === 1;
        },
        30_000,
      );
      expect(attempts.get('flaky')).toEqual([1, 2, 3]);
      expect(attempts.get('broken')).toEqual([1]);
      const [failed] = await queue.getFailed();
      expect(failed?.data).toMatchObject({ target: 'broken' });
      expect(failed?.failedReason).toContain('the docs root does not exist');
      // The retries were scheduled by the policy's strategy (an unknown backoff type would fail the job instead).
      const [completed] = await queue.getCompleted();
      expect(completed?.attemptsMade).toBe(3);
    } finally {
      await consumer.close(5_000);
      await producer.close();
    }
  });

  it('counts an attempt a shutdown aborted as aborted, not failed, and runs it again', async () => {
    const prefix = uniquePrefix('aborted');
    prefixes.push(prefix);
    const settled: string[] = [];
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    let attempts = 0;
    const registry: JobRegistry = {
      'space-sync': async (_data, { signal }) => {
        attempts += 1;
        if (attempts > 1) return { status: 'done', summary: {} };
        started();
        // Holds its slot until the worker aborts it.
        await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
        throw signal.reason;
      },
    };
    const producer = new BullmqProducer(connect(), prefix, JOBS);
    const options = { prefix, onSettled: (_kind: string, outcome: string) => settled.push(outcome) };
    const first = new BullmqConsumer(JOBS, registry, connect, silentLogger, options);
    await producer.enqueue('space-sync', { target: 'slow' });
    await running;
    await first.close(0);
    expect(settled).toEqual(['aborted']);
    const second = new BullmqConsumer(JOBS, registry, connect, silentLogger, options);
    try {
      await until('the aborted job to run again', () => Promise.resolve(settled.includes('completed')), 60_000);
      expect(settled).toEqual(['aborted', 'completed']);
    } finally {
      await second.close(5_000);
      await producer.close();
    }
  });
});
