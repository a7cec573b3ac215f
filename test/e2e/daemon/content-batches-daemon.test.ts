import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { BullmqProducer } from '../../../src/queue/bullmq-producer.js';
import { createRedisConnection } from '../../../src/redis/redis-connection.js';
import { silentLogger } from '../../../src/logging/logger.js';
import { call, json, startTestEmulator } from '../../support/emulator-harness.js';
import {
  deleteKeys,
  EDITED_PAGE,
  killCli,
  liveChangeRequests,
  SPACE,
  spawnCli,
  uniquePrefix,
  until,
  waitForChangeRequestContent,
  writeDaemonConfig,
} from '../../support/daemon-harness.js';
import { startHoldingProxy, type HeldRequest } from '../../support/holding-proxy.js';
import { configFor, exampleWorkspace, syncOnce } from '../../support/sync-harness.js';
import { testRedisUrl } from '../../support/test-environment.js';
import { JOBS, type DocsyncJobSchemas } from '../../../src/jobs/job-kinds.js';

/**
 * The daemon's workers on today's API (emulator `contract: current`, every answer held to 0.202.0's
 * schemas): content goes into the change request as batches, and a worker cut between two of them
 * (kill -9) or a batch whose answer is lost leaves nothing applied twice: whoever runs the job next
 * plans from what the change request holds.
 */
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface LivePage {
  id: string;
  title: string;
  type: string;
  path?: string;
  pages?: LivePage[];
}

const isBatch = (method: string, url: string): boolean => method === 'POST' && /^\/v1\/spaces\/[^/]+\/change-requests\/[^/]+\/content(\?|$)/.test(url);

async function crPages(emulator: RunningEmulator, cr: string): Promise<LivePage[]> {
  const answer = await call(emulator, 'GET', `/v1/spaces/${SPACE}/change-requests/${cr}/content/pages`, { as: 'read' });
  return json(answer.body).pages as LivePage[];
}

const flatten = (pages: readonly LivePage[]): LivePage[] => pages.flatMap((page) => [page, ...flatten(page.pages ?? [])]);

/** The change request's page tree as a reader sees it: titles, kinds, paths, nesting and each document's markdown. */
async function crContent(emulator: RunningEmulator, cr: string): Promise<unknown> {
  const markdown = new Map<string, string>();
  for (const page of flatten(await crPages(emulator, cr))) {
    if (page.type !== 'document') continue;
    const answer = await call(emulator, 'GET', `/v1/spaces/${SPACE}/change-requests/${cr}/content/page/${page.id}`, { as: 'read' });
    markdown.set(page.id, String(json(answer.body).markdown));
  }
  const shape = (page: LivePage): unknown => ({
    title: page.title,
    type: page.type,
    path: page.path,
    markdown: markdown.get(page.id),
    pages: (page.pages ?? []).map(shape),
  });
  return (await crPages(emulator, cr)).map(shape);
}

/** What an uninterrupted sync of the example docs puts into a new change request, on an emulator of its own. */
async function uninterrupted(): Promise<unknown> {
  const emulator = await startTestEmulator({ contract: 'current' });
  cleanups.push(() => emulator.close());
  const { dir } = await exampleWorkspace();
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  const report = await syncOnce(configFor(emulator, dir));
  expect(report.failures).toEqual([]);
  const [cr] = await liveChangeRequests(emulator);
  return crContent(emulator, String(cr?.id));
}

async function setUp(name: string) {
  const emulator = await startTestEmulator({ contract: 'current' });
  cleanups.push(() => emulator.close());
  const proxy = await startHoldingProxy(emulator.url);
  cleanups.push(() => proxy.close());
  const { dir, docs } = await exampleWorkspace();
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  const prefix = uniquePrefix(name);
  cleanups.push(() => deleteKeys(testRedisUrl(), prefix));
  // lockDuration 3s: a dead worker's job is taken over within seconds.
  const file = await writeDaemonConfig(emulator, dir, { redisUrl: testRedisUrl(), prefix, endpoint: proxy.url, daemon: { lockDuration: '3s' } });
  const connection = createRedisConnection(testRedisUrl(), 'admin', silentLogger);
  const producer = new BullmqProducer<DocsyncJobSchemas>(connection, prefix, JOBS);
  cleanups.push(async () => {
    await producer.close();
    connection.disconnect();
  });
  const worker = (): ReturnType<typeof spawnCli> => {
    const cli = spawnCli(['worker', '-c', file], dir);
    cleanups.push(() => killCli(cli));
    return cli;
  };
  const completed = async (jobId: string): Promise<void> => {
    const queue = producer.queue('space-sync');
    await until(
      'the job to complete',
      async () => {
        const state = await queue.getJobState(jobId);
        if (state === 'failed') throw new Error(`the job failed: ${(await queue.getJob(jobId))?.failedReason ?? '?'}`);
        return state === 'completed';
      },
      90_000,
      100,
    );
  };
  return { emulator, proxy, dir, docs, producer, worker, completed };
}

async function held(request: Promise<HeldRequest>): Promise<HeldRequest> {
  let arrived: HeldRequest | undefined;
  void request.then((value) => (arrived = value));
  return until('the held content batch to arrive', () => arrived, 60_000, 20);
}

describe("the daemon on today's API: content batches", () => {
  for (const cut of ['never sent', 'applied, its answer lost with the worker'] as const) {
    it(`a worker killed with SIGKILL between two batches (the second ${cut}): the next worker ends where an uninterrupted run does, nothing applied twice`, async () => {
      const expected = await uninterrupted();
      const { emulator, proxy, docs, producer, worker, completed } = await setUp('batch-kill');
      const secondBatch = proxy.hold(isBatch, 2);
      const first = worker();
      const jobId = await producer.enqueue('space-sync', { target: 'docs', reason: 'kill between batches' });

      const batch = await held(secondBatch);
      expect(emulator.stats().contentBatches.calls).toBe(1);
      const [cr] = await liveChangeRequests(emulator);
      const landed = flatten(await crPages(emulator, String(cr?.id))).filter((page) => page.type === 'document');
      expect(landed.length).toBeGreaterThan(0);
      first.child.kill('SIGKILL');
      expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
      if (cut === 'never sent') batch.drop();
      else await batch.forward();
      expect(emulator.stats().contentBatches.calls).toBe(cut === 'never sent' ? 1 : 2);

      const second = worker();
      await completed(jobId!);
      const live = await liveChangeRequests(emulator);
      expect(live.map((one) => one.id)).toEqual([cr?.id]);
      expect(await crContent(emulator, String(cr?.id))).toEqual(expected);
      // The pages the killed worker's batches inserted are the pages of the end: kept, not inserted again.
      const ids = new Set(flatten(await crPages(emulator, String(cr?.id))).map((page) => page.id));
      expect(landed.filter((page) => !ids.has(page.id))).toEqual([]);
      expect(emulator.stats().routes.filter((route) => route.route.endsWith('/content/import'))).toEqual([]);

      // A one-page edit afterwards: one batch carrying one change, into the same change request.
      const before = emulator.stats().contentBatches;
      const newer = `${await readFile(join(docs, EDITED_PAGE), 'utf8')}\nOne more line.\n`;
      await writeFile(join(docs, EDITED_PAGE), newer);
      await completed((await producer.enqueue('space-sync', { target: 'docs', reason: 'edit' }))!);
      await waitForChangeRequestContent(emulator, newer, 10_000);
      const after = emulator.stats().contentBatches;
      expect({ calls: after.calls - before.calls, changes: after.changes - before.changes }).toEqual({ calls: 1, changes: 1 });
      await killCli(second);
    }, 180_000);
  }

  it('a batch that landed but answered 500: the job fails, and its retry plans from what the change request holds', async () => {
    const expected = await uninterrupted();
    const { emulator, proxy, producer, worker, completed } = await setUp('batch-500');
    const secondBatch = proxy.hold(isBatch, 2);
    worker();
    const jobId = await producer.enqueue('space-sync', { target: 'docs', reason: 'lost answer' });
    await (await held(secondBatch)).forwardThenFail();
    await completed(jobId!);

    const job = await producer.queue('space-sync').getJob(jobId!);
    expect(job?.attemptsStarted).toBeGreaterThanOrEqual(2);
    const live = await liveChangeRequests(emulator);
    expect(live).toHaveLength(1);
    expect(await crContent(emulator, String(live[0]?.id))).toEqual(expected);
  }, 180_000);
});
