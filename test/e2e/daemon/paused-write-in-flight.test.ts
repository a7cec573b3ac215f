import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { BullmqProducer } from '../../../src/queue/bullmq-producer.js';
import { createRedisConnection } from '../../../src/redis/redis-connection.js';
import { silentLogger } from '../../../src/logging/logger.js';
import { call, json, startTestEmulator } from '../../support/emulator-harness.js';
import {
  changeRequestMarkdown,
  deleteKeys,
  EDITED_PAGE,
  killCli,
  liveChangeRequests,
  logRecords,
  SPACE,
  spawnCli,
  uniquePrefix,
  until,
  waitIdle,
  writeDaemonConfig,
} from '../../support/daemon-harness.js';
import { startHoldingProxy, type HeldRequest } from '../../support/holding-proxy.js';
import { exampleWorkspace } from '../../support/sync-harness.js';
import { testRedisUrl } from '../../support/test-environment.js';
import { JOBS, type DocsyncJobSchemas } from '../../../src/jobs/job-kinds.js';

/**
 * A worker paused (SIGSTOP, as a VM pause or a long GC would) past its lock while its write is in
 * flight: on the seed's API a zip import whose bundle the paused worker itself serves, on today's a
 * content batch. Another worker takes the job and lands newer docs; then the paused one resumes. The
 * newer content must be live again within seconds, not at the next reconcile pass (an hour here).
 */
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface LivePage {
  id: string;
  path?: string;
  git?: { path: string };
  pages?: LivePage[];
}

/** The edited page's markdown in the space's main content. */
async function spaceMarkdown(emulator: RunningEmulator): Promise<string | undefined> {
  const pages = json((await call(emulator, 'GET', `/v1/spaces/${SPACE}/content/pages`, { as: 'read' })).body).pages as LivePage[];
  const slug = EDITED_PAGE.split('/').at(-1)?.replace(/\.md$/, '');
  const find = (list: readonly LivePage[]): LivePage | undefined => {
    for (const page of list) {
      if (page.git?.path === EDITED_PAGE || (page.git === undefined && page.path?.split('/').at(-1) === slug)) return page;
      const below = find(page.pages ?? []);
      if (below) return below;
    }
    return undefined;
  };
  const page = find(pages);
  if (!page) return undefined;
  return String(json((await call(emulator, 'GET', `/v1/spaces/${SPACE}/content/page/${page.id}`, { as: 'read' })).body).markdown);
}

/** The edited page as a reader of the target sees it: in docsync's change request, or in the space (direct). */
async function liveMarkdown(emulator: RunningEmulator, mode: 'change-request' | 'direct'): Promise<string | undefined> {
  if (mode === 'direct') return spaceMarkdown(emulator);
  const live = await liveChangeRequests(emulator);
  if (live.length !== 1) throw new Error(`${live.length} live change requests`);
  return changeRequestMarkdown(emulator, String(live[0]?.id));
}

/** Document pages of the target (change request or space), counted: a stale batch applied twice would show as more. */
async function documentPages(emulator: RunningEmulator, mode: 'change-request' | 'direct'): Promise<number> {
  const live = mode === 'direct' ? [] : await liveChangeRequests(emulator);
  const base = mode === 'direct' ? `/v1/spaces/${SPACE}/content` : `/v1/spaces/${SPACE}/change-requests/${String(live[0]?.id)}/content`;
  const count = (pages: readonly (LivePage & { type?: string })[]): number =>
    pages.reduce((n, page) => n + (page.type === 'document' ? 1 : 0) + count(page.pages ?? []), 0);
  return count(json((await call(emulator, 'GET', `${base}/pages`, { as: 'read' })).body).pages as LivePage[]);
}

const writesContent =
  (contract: 'seed' | 'current') =>
  (method: string, url: string): boolean =>
    method === 'POST' && (contract === 'seed' ? /\/content\/import(\?|$)/.test(url) : /\/change-requests\/[^/]+\/content(\?|$)/.test(url));

describe('a worker paused past its lock with a write in flight', () => {
  for (const contract of ['seed', 'current'] as const) {
    for (const mode of ['change-request', 'direct'] as const) {
      it(`${contract} API, ${mode} mode: the newer content is live again within seconds of the paused worker resuming`, async () => {
        const emulator = await startTestEmulator({ contract });
        cleanups.push(() => emulator.close());
        const proxy = await startHoldingProxy(emulator.url);
        cleanups.push(() => proxy.close());
        const { dir, docs } = await exampleWorkspace();
        cleanups.push(() => rm(dir, { recursive: true, force: true }));
        const prefix = uniquePrefix(`pause-${contract}-${mode}`);
        cleanups.push(() => deleteKeys(testRedisUrl(), prefix));
        // lockDuration 2s: the paused worker's lock lapses within seconds; reconcileInterval 1h: no pass heals it.
        const file = await writeDaemonConfig(emulator, dir, {
          redisUrl: testRedisUrl(),
          prefix,
          endpoint: proxy.url,
          target: { mode },
          daemon: { lockDuration: '2s', reconcileInterval: '1h' },
        });
        const connection = createRedisConnection(testRedisUrl(), 'admin', silentLogger);
        const producer = new BullmqProducer<DocsyncJobSchemas>(connection, prefix, JOBS);
        cleanups.push(async () => {
          await producer.close();
          connection.disconnect();
        });
        const queue = producer.queue('space-sync');

        // The first worker's first content write is held at the proxy: it is in flight when the worker is paused.
        const write = proxy.hold(writesContent(contract), 1);
        const paused = spawnCli(['worker', '-c', file], dir);
        cleanups.push(() => killCli(paused));
        const jobId = await producer.enqueue('space-sync', { target: 'docs', reason: 'pause test' });
        let held: HeldRequest | undefined;
        void write.then((request) => (held = request));
        const stale = await until('the first worker to send its write', () => held, 60_000, 20);
        paused.child.kill('SIGSTOP');
        cleanups.push(() => Promise.resolve(paused.child.kill('SIGCONT')));

        const page = join(docs, EDITED_PAGE);
        const newer = `${await readFile(page, 'utf8')}\nAn edit made while the first worker is paused.\n`;
        await writeFile(page, newer);
        const other = spawnCli(['worker', '-c', file], dir);
        cleanups.push(() => killCli(other));
        await until('the other worker to finish the job', async () => (await queue.getJobState(jobId!)) === 'completed', 90_000, 100);
        await until('the newer content to be live', async () => (await liveMarkdown(emulator, mode))?.trim() === newer.trim(), 10_000, 100);

        // The stale write reaches the API now, after the newer one: a batch is applied at once; an
        // import fetches its bundle from the paused worker, so it goes on once that worker resumes.
        const sent = stale.forward().catch(() => undefined);
        if (contract === 'current') await sent;
        paused.child.kill('SIGCONT');
        await sent;
        await until(
          'the resumed worker to give the job up',
          () => logRecords(paused.stderr()).some((r) => /sync superseded|job aborted|live content is checked again/.test(String(r.msg))),
          30_000,
          100,
        );
        await waitIdle(producer, 30_000);
        // Within seconds of the resume (the reconcile interval is an hour), and it stays.
        await until('the newer content to be live again', async () => (await liveMarkdown(emulator, mode))?.trim() === newer.trim(), 15_000, 100);
        await waitIdle(producer, 30_000);
        expect((await liveMarkdown(emulator, mode))?.trim()).toBe(newer.trim());
        // Today's API: with a page for each of the example's three `##` groups (`groups: pages`).
        expect(await documentPages(emulator, mode)).toBe(contract === 'current' ? 30 : 27);
        if (mode === 'change-request') expect(await liveChangeRequests(emulator)).toHaveLength(1);
      }, 240_000);
    }
  }
});
