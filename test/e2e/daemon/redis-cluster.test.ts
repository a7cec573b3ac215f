import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readStatus } from '../../../src/daemon/read-status.js';
import { startDaemon, type RunningDaemon } from '../../../src/daemon/start-daemon.js';
import { processorRegistry } from '../../../workers/processor-registry.js';
import { startTestEmulator } from '../../support/emulator-harness.js';
import {
  changeRequestsCreated,
  EDITED_PAGE,
  liveChangeRequests,
  recordingLogger,
  uniquePrefix,
  waitForChangeRequestContent,
  waitIdle,
} from '../../support/daemon-harness.js';
import { startRedisCluster, type RedisCluster } from '../../support/redis-cluster.js';
import { configFor, exampleWorkspace } from '../../support/sync-harness.js';

/**
 * Scale-out on Redis Cluster: a cluster of three masters of the test's own, one watcher and two
 * workers (in this process, each with its own connections) sharing it, the emulator as the API.
 */
let cluster: RedisCluster;
beforeAll(async () => {
  cluster = await startRedisCluster(3);
}, 60_000);
afterAll(async () => {
  await cluster.stop();
});

const page = (text: string): string => `# CLI reference\n\n${text}\n`;

describe('docsync on Redis Cluster', () => {
  it('a watcher and two workers sync every edit into one change request, none lost, none twice', async () => {
    const emulator = await startTestEmulator({ contract: 'seed', latencyMs: 20 });
    const { dir, docs } = await exampleWorkspace();
    const [seed, ...nodes] = cluster.urls;
    const loaded = configFor(
      emulator,
      dir,
      {},
      {
        redis: { url: seed, nodes, cluster: true, prefix: uniquePrefix('cluster') },
        daemon: { debounce: '150ms', reconcileInterval: '1h', shutdownGrace: '10s', lockDuration: '3s' },
        http: { listen: '127.0.0.1:0' },
      },
    );
    const daemons: RunningDaemon[] = [];
    try {
      for (const role of ['worker', 'worker', 'watch'] as const) {
        daemons.push(await startDaemon(loaded, { role, logger: recordingLogger(), processors: processorRegistry }));
      }
      const watcher = daemons[2];
      if (!watcher) throw new Error('no watcher');
      const original = await readFile(join(docs, EDITED_PAGE), 'utf8');
      const first = await waitForChangeRequestContent(emulator, original, 60_000);
      await waitIdle(watcher.producer);

      for (let n = 1; n <= 5; n += 1) {
        await writeFile(join(docs, EDITED_PAGE), page(`Edit ${n} of 5 on the cluster.`));
        const cr = await waitForChangeRequestContent(emulator, page(`Edit ${n} of 5 on the cluster.`), 60_000);
        expect(cr.id).toBe(first.id);
      }
      await waitIdle(watcher.producer, 60_000);

      // No duplicate: one change request was ever created and one is live; none lost: it shows the last edit.
      expect(changeRequestsCreated(emulator)).toBe(1);
      expect(await liveChangeRequests(emulator)).toHaveLength(1);
      const failed = await watcher.producer.queue('space-sync').getJobCounts('failed');
      expect(failed.failed).toBe(0);
      // `docsync status` reads the same queues and the state store (one-shot connection) off the cluster.
      const status = await readStatus(loaded, recordingLogger());
      expect(status.targets.map((target) => target.key)).toContain('space:docs');
      expect(status.failures).toEqual([]);
    } finally {
      for (const daemon of daemons.reverse()) await daemon.stop();
      await emulator.close();
      await rm(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
