import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startDaemon } from '../../../src/daemon/start-daemon.js';
import { silentLogger } from '../../../src/logging/logger.js';
import { BullmqProducer } from '../../../src/queue/bullmq-producer.js';
import { createRedisConnection } from '../../../src/redis/redis-connection.js';
import { processorRegistry } from '../../../workers/processor-registry.js';
import { startTestEmulator } from '../../support/emulator-harness.js';
import {
  daemonConfig,
  deleteKeys,
  EDITED_PAGE,
  liveChangeRequests,
  recordingLogger,
  uniquePrefix,
  until,
  waitForChangeRequestContent,
} from '../../support/daemon-harness.js';
import { exampleWorkspace } from '../../support/sync-harness.js';
import { testRedisUrl } from '../../support/test-environment.js';
import { JOBS } from '../../../src/jobs/job-kinds.js';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('daemon shutdown past its grace period', () => {
  it('aborts the running sync, schedules it again instead of failing it, and the next daemon finishes the same change request', async () => {
    // Every API call takes two seconds: the start-up sync is mid-call when the daemon is stopped.
    const emulator = await startTestEmulator({ contract: 'seed', latencyMs: 2_000 });
    cleanups.push(() => emulator.close());
    const { dir, docs } = await exampleWorkspace();
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const prefix = uniquePrefix('abort');
    cleanups.push(() => deleteKeys(testRedisUrl(), prefix));
    const loaded = daemonConfig(emulator, dir, { redisUrl: testRedisUrl(), prefix, daemon: { shutdownGrace: '500ms' } });
    const logger = recordingLogger();

    const first = await startDaemon(loaded, { role: 'daemon', logger, httpListen: '127.0.0.1:0', processors: processorRegistry });
    let stopped = false;
    cleanups.push(() => (stopped ? Promise.resolve() : first.stop()));
    const requestsBefore = emulator.stats().total;
    const queue = first.producer.queue('space-sync');
    await until(
      'the start-up sync to be talking to the API',
      async () => (await queue.getActiveCount()) > 0 && emulator.stats().total > requestsBefore,
      30_000,
    );
    await first.stop();
    stopped = true;
    expect(logger.lines.join('\n')).toContain('job aborted; it runs again');
    // An attempt that runs again is no error: nothing at error level says the job failed.
    expect(logger.lines.filter((line) => / error job failed/.test(line))).toEqual([]);

    // The aborted job waits for its next attempt: neither failed for good nor lost.
    const producer = new BullmqProducer(createRedisConnection(testRedisUrl(), 'admin', silentLogger), prefix, JOBS);
    try {
      const counts = await producer.queue('space-sync').getJobCounts('failed', 'delayed', 'waiting', 'active');
      expect(counts.failed).toBe(0);
      expect((counts.delayed ?? 0) + (counts.waiting ?? 0) + (counts.active ?? 0)).toBeGreaterThanOrEqual(1);
    } finally {
      await producer.close();
    }

    const secondLog = recordingLogger();
    const second = await startDaemon(loaded, { role: 'daemon', logger: secondLog, httpListen: '127.0.0.1:0', processors: processorRegistry });
    cleanups.push(() => second.stop());
    await waitForChangeRequestContent(emulator, await readFile(join(docs, EDITED_PAGE), 'utf8'), 90_000, { everyMs: 500 });
    // One change request: whatever the aborted attempt had opened was found again and finished.
    const changeRequests = await liveChangeRequests(emulator);
    expect(changeRequests).toHaveLength(1);
    // The log says when the job ended, with its change request and the time it took.
    const ended = await until('the sync job to log its end', () => secondLog.lines.find((line) => / info synced docs: /.test(line)), 30_000);
    expect(ended).toMatch(new RegExp(` info synced docs: \\w+, change request #${changeRequests[0]?.number ?? 'none'} \\S+ in \\d+\\.\\d s `));
  }, 180_000);
});
