import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { BullmqProducer } from '../../../src/queue/bullmq-producer.js';
import { createRedisConnection } from '../../../src/redis/redis-connection.js';
import { silentLogger } from '../../../src/logging/logger.js';
import { startTestEmulator } from '../../support/emulator-harness.js';
import {
  changeRequestMarkdown,
  deleteKeys,
  killCli,
  liveChangeRequests,
  EDITED_PAGE,
  spawnCli,
  uniquePrefix,
  until,
  waitIdle,
  writeDaemonConfig,
} from '../../support/daemon-harness.js';
import { startHoldingProxy, type HeldRequest } from '../../support/holding-proxy.js';
import { repoWorkspace } from '../../support/platform-edits-workspace.js';
import { testRedisUrl } from '../../support/test-environment.js';
import { JOBS, type DocsyncJobSchemas } from '../../../src/jobs/job-kinds.js';

/**
 * Chaos on content batches: a worker paused (SIGSTOP) while its content batch is on the wire, and
 * left paused. Another worker takes the stalled job and delivers a newer edit; then the old batch
 * lands and puts older text in the change request. Nobody resumes, and the reconcile interval is an
 * hour: the worker that found the job stalled checks the target again once any request of the
 * stalled attempt must have ended (`api.timeout` after), so the newest content comes back.
 */
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function liveMarkdown(emulator: RunningEmulator): Promise<string | undefined> {
  const live = await liveChangeRequests(emulator);
  if (live.length !== 1) throw new Error(`${live.length} live change requests`);
  return changeRequestMarkdown(emulator, String(live[0]?.id));
}

const writesBatch = (method: string, url: string): boolean => method === 'POST' && /\/change-requests\/[^/]+\/content(\?|$)/.test(url);

describe('a stale content batch that lands after a newer delivery', () => {
  it('is overwritten by the newest content with the paused worker never resumed and no reconcile pass', async () => {
    const emulator = await startTestEmulator({ contract: 'current' });
    cleanups.push(() => emulator.close());
    const proxy = await startHoldingProxy(emulator.url);
    cleanups.push(() => proxy.close());
    // A repository with a remote: a page the stale batch changed in the change request looks like a
    // reviewer's edit, which preserve keeps on the platform-edits branch while git's version goes live.
    const { dir, docs } = await repoWorkspace();
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const prefix = uniquePrefix('stale-batch');
    cleanups.push(() => deleteKeys(testRedisUrl(), prefix));
    // lockDuration 2s: the paused worker's job stalls within seconds; reconcileInterval 1h: no pass heals it.
    const file = await writeDaemonConfig(emulator, dir, {
      redisUrl: testRedisUrl(),
      prefix,
      endpoint: proxy.url,
      api: { timeout: '20s' },
      target: { delivery: 'changes' },
      daemon: { lockDuration: '2s', reconcileInterval: '1h' },
    });
    const connection = createRedisConnection(testRedisUrl(), 'admin', silentLogger);
    const producer = new BullmqProducer<DocsyncJobSchemas>(connection, prefix, JOBS);
    cleanups.push(async () => {
      await producer.close();
      connection.disconnect();
    });
    const queue = producer.queue('space-sync');

    // The docs are synced once: the change request holds every page, so the next edit is an update batch.
    const first = spawnCli(['worker', '-c', file], dir);
    cleanups.push(() => killCli(first));
    const initial = await producer.enqueue('space-sync', { target: 'docs', reason: 'initial' });
    await until('the initial sync', async () => (await queue.getJobState(initial!)) === 'completed', 90_000, 100);
    await killCli(first);

    // An edit, whose update batch is held at the proxy: it is on the wire when its worker is paused.
    const page = join(docs, EDITED_PAGE);
    const original = await readFile(page, 'utf8');
    const older = `${original}\nAn edit whose batch is held on the wire.\n`;
    await writeFile(page, older);
    const batch = proxy.hold(writesBatch, 1);
    const paused = spawnCli(['worker', '-c', file], dir);
    cleanups.push(() => killCli(paused));
    cleanups.push(() => Promise.resolve(paused.child.kill('SIGCONT')));
    const jobId = await producer.enqueue('space-sync', { target: 'docs', reason: 'chaos' });
    let held: HeldRequest | undefined;
    void batch.then((request) => (held = request));
    const stale = await until('the paused worker to send its batch', () => held, 60_000, 20);
    paused.child.kill('SIGSTOP');

    const newer = `${original}\nA newer edit made while that worker is paused.\n`;
    await writeFile(page, newer);
    const other = spawnCli(['worker', '-c', file], dir);
    cleanups.push(() => killCli(other));
    await until('the other worker to finish the job', async () => (await queue.getJobState(jobId!)) === 'completed', 90_000, 100);
    await until('the newer content to be live', async () => (await liveMarkdown(emulator))?.trim() === newer.trim(), 10_000, 100);

    // The stale batch lands now, after the newer delivery, its worker still paused: older text goes live.
    await stale.forward();
    expect((await liveMarkdown(emulator))?.trim()).toBe(older.trim());
    // Within api.timeout (20 s) plus 10 s of the landing, and it stays.
    await until('the newest content to be back', async () => (await liveMarkdown(emulator))?.trim() === newer.trim(), 30_000, 100);
    await waitIdle(producer, 30_000);
    expect((await liveMarkdown(emulator))?.trim()).toBe(newer.trim());
    expect(await liveChangeRequests(emulator)).toHaveLength(1);
  }, 240_000);
});
