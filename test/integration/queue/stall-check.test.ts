import { afterAll, describe, expect, it } from 'vitest';
import { JOBS, type JobInput, type JobKind } from '../../../src/jobs/job-kinds.js';
import { scheduleStallCheck } from '../../../src/jobs/schedule-stall-check.js';
import type { JobRegistry } from '../../../src/jobs/worker-deps.js';
import { silentLogger } from '../../../src/logging/logger.js';
import { BullmqConsumer } from '../../../src/queue/bullmq-consumer.js';
import { BullmqProducer } from '../../../src/queue/bullmq-producer.js';
import { queueName } from '../../../src/queue/queue-names.js';
import { createRedisConnection, type Redis } from '../../../src/redis/redis-connection.js';
import { deleteKeys, uniquePrefix, until } from '../../support/daemon-harness.js';
import { testRedisUrl } from '../../support/test-environment.js';
import { stallCheckProcessor } from '../../../workers/stall-check.js';

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

const enqueueOn =
  (producer: BullmqProducer<typeof JOBS.schemas>) =>
  async <K extends JobKind>(kind: K, data: JobInput<K>, options: { delayMs?: number } = {}): Promise<void> => {
    await producer.enqueue(kind, data, options.delayMs === undefined ? {} : { delay: options.delayMs });
  };

describe('the check after a stalled sync', () => {
  it('is a delayed job in Redis: it outlives the process that scheduled it, a second stall pushes it later, and it syncs against the live content', async () => {
    const prefix = uniquePrefix('stall-check');
    prefixes.push(prefix);
    const admin = connect();
    const delayedKey = `${prefix}:${queueName('stall-check')}:delayed`;

    // The process that saw the stalls: it schedules the check twice, then goes away before it is due.
    const first = new BullmqProducer(connect(), prefix, JOBS);
    await scheduleStallCheck(enqueueOn(first), 'docs', 200, silentLogger);
    const [scheduled] = await first.queue('stall-check').getDelayed();
    expect(scheduled?.data).toEqual({ target: 'docs' });
    const firstDue = Number(await admin.zscore(delayedKey, scheduled!.id!));
    await scheduleStallCheck(enqueueOn(first), 'docs', 1_500, silentLogger);
    // One check per target, now due after the later stall's write must have ended.
    expect(await first.queue('stall-check').getDelayedCount()).toBe(1);
    expect(Number(await admin.zscore(delayedKey, scheduled!.id!))).toBeGreaterThan(firstDue);
    await first.close();

    // Another process takes over the queues: the check fires there, through the target's own queue.
    const synced: JobInput<'space-sync'>[] = [];
    const second = new BullmqProducer(connect(), prefix, JOBS);
    const registry: JobRegistry = {
      'stall-check': stallCheckProcessor({ enqueue: enqueueOn(second) }),
      'space-sync': async (data) => {
        synced.push(data);
        await Promise.resolve();
        return { status: 'done', summary: {} };
      },
    };
    const consumer = new BullmqConsumer(JOBS, registry, connect, silentLogger, { prefix });
    try {
      await until('the check to sync the target', () => synced.length > 0, 20_000);
      expect(synced).toEqual([{ target: 'docs', reason: 'superseded' }]);
      const counts = await second.queue('stall-check').getJobCounts('completed', 'delayed', 'waiting');
      expect(counts).toEqual({ completed: 1, delayed: 0, waiting: 0 });
    } finally {
      await consumer.close(5_000);
      await second.close();
    }
  });
});
