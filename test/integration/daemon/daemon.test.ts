import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startDaemon, type RunningDaemon } from '../../../src/daemon/start-daemon.js';
import { processorRegistry } from '../../../workers/processor-registry.js';
import type { EmulatorOptionsInput } from '../../../src/emulator/emulator-options.js';
import type { RunningEmulator } from '../../../src/emulator/start-emulator.js';
import { call, startTestEmulator } from '../../support/emulator-harness.js';
import {
  daemonConfig,
  deleteKeys,
  EDITED_PAGE,
  importCount,
  jobCount,
  liveChangeRequests,
  recordingLogger,
  uniquePrefix,
  until,
  waitForChangeRequestContent,
  waitIdle,
} from '../../support/daemon-harness.js';
import { testRedisUrl } from '../../support/test-environment.js';
import { exampleWorkspace } from '../../support/sync-harness.js';

/**
 * The daemon end to end, in this process: chokidar on a temp copy of the example docs, BullMQ on
 * the shared Redis under a prefix of its own, the emulator as the API. Each test waits for the
 * start-up reconcile pass to open the change request, then edits `reference/cli.md`.
 */
interface Running {
  emulator: RunningEmulator;
  daemon: RunningDaemon;
  docs: string;
  dir: string;
  prefix: string;
  logger: ReturnType<typeof recordingLogger>;
}

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  // Reverse order: daemon, then its keys, then the emulator and the temp folder.
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function startAll(name: string, emulatorOptions: EmulatorOptionsInput = {}, daemon: Record<string, unknown> = {}): Promise<Running> {
  const emulator = await startTestEmulator({ contract: 'seed', ...emulatorOptions });
  cleanups.push(() => emulator.close());
  const { dir, docs } = await exampleWorkspace();
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  const prefix = uniquePrefix(name);
  cleanups.push(() => deleteKeys(testRedisUrl(), prefix));
  const logger = recordingLogger();
  const loaded = daemonConfig(emulator, dir, { redisUrl: testRedisUrl(), prefix, daemon });
  const running = await startDaemon(loaded, { role: 'daemon', logger, httpListen: '127.0.0.1:0', processors: processorRegistry });
  cleanups.push(() => running.stop());
  return { emulator, daemon: running, docs, dir, prefix, logger };
}

/** Waits for the start-up reconcile pass to open the change request with the docs as they are. */
async function initialSync(run: Running, everyMs = 100): Promise<Record<string, any>> {
  const original = await readFile(join(run.docs, EDITED_PAGE), 'utf8');
  const cr = await waitForChangeRequestContent(run.emulator, original, 30_000, { everyMs });
  await waitIdle(run.daemon.producer);
  return cr;
}

const page = (text: string): string => `# CLI reference\n\n${text}\n`;

describe('docsync daemon (in process, real Redis, emulator)', () => {
  it('(a) an edit to a watched file shows up in the change request', async () => {
    const run = await startAll('edit');
    const first = await initialSync(run);
    expect(first.subject).toContain('[docsync:docs]');

    await writeFile(join(run.docs, EDITED_PAGE), page('Edited while the daemon watches.'));
    const cr = await waitForChangeRequestContent(run.emulator, page('Edited while the daemon watches.'));
    // The same change request was updated, not a second one opened.
    expect(cr.id).toBe(first.id);
    expect(await liveChangeRequests(run.emulator)).toHaveLength(1);
  });

  it('(b) ten rapid edits give one or two syncs, ending with the last content', async () => {
    const run = await startAll('burst');
    await initialSync(run);
    const importsBefore = importCount(run.emulator);
    const completedBefore = await jobCount(run.daemon.metrics, 'space-sync', 'completed');

    for (let n = 1; n <= 10; n += 1) await writeFile(join(run.docs, EDITED_PAGE), page(`Rapid edit ${n} of 10.`));
    await waitForChangeRequestContent(run.emulator, page('Rapid edit 10 of 10.'));
    // One more edit, then wait for it: the watcher hands on one file's events in order, so anything
    // the burst still had pending has been synced by then, or folded into this last sync.
    await writeFile(join(run.docs, EDITED_PAGE), page('After the burst.'));
    await waitForChangeRequestContent(run.emulator, page('After the burst.'));
    await waitIdle(run.daemon.producer);

    // The burst's syncs plus exactly one for the last edit (or one more folded into it).
    const imports = importCount(run.emulator) - importsBefore;
    const completed = (await jobCount(run.daemon.metrics, 'space-sync', 'completed')) - completedBefore;
    expect(imports).toBeGreaterThanOrEqual(2);
    expect(imports).toBeLessThanOrEqual(3);
    expect(completed).toBeGreaterThanOrEqual(2);
    expect(completed).toBeLessThanOrEqual(3);
    expect(await liveChangeRequests(run.emulator)).toHaveLength(1);
  });

  it('(c) an edit made while a sync runs is not lost', async () => {
    // Every API call takes a second, so a sync (read the change request, import) takes over two: wide
    // enough for the second edit to land inside it even on a loaded machine.
    const run = await startAll('during', { latencyMs: 1_000 });
    await initialSync(run);
    const queue = run.daemon.producer.queue('space-sync');

    const requestsBefore = run.emulator.stats().total;
    await writeFile(join(run.docs, EDITED_PAGE), page('First edit.'));
    // The job has read the files once it sends its first request; the second edit comes after that.
    await until(
      'the sync of the first edit to be talking to the API',
      async () => (await queue.getActiveCount()) > 0 && run.emulator.stats().total > requestsBefore,
    );
    await writeFile(join(run.docs, EDITED_PAGE), page('Second edit, made during the sync.'));
    const activeWhenEdited = await queue.getActiveCount();

    await waitForChangeRequestContent(run.emulator, page('Second edit, made during the sync.'));
    expect(activeWhenEdited).toBe(1);
    await waitIdle(run.daemon.producer);
    // Still the later content once everything has settled: nothing older overwrote it.
    await waitForChangeRequestContent(run.emulator, page('Second edit, made during the sync.'), 5_000);
    // An attempt may fail on purpose (the tree changed between read and bundle) and be retried; no job fails for good.
    expect((await queue.getJobCounts('failed')).failed).toBe(0);
  });

  it('(f) a storm of 429s is waited out and the sync completes', async () => {
    // Five requests per second per token; a burst of other calls with the daemon's token keeps the
    // window exhausted, so the daemon's own calls are answered 429. The test looks with another
    // token (four calls a look, one look a second), within that token's own budget.
    // A long lock: this test is about 429s, and a loaded machine must not turn a slow attempt into a lost lock.
    const run = await startAll('storm', { rateLimit: 5 }, { lockDuration: '30s' });
    await initialSync(run, 1_000);

    // The storm lasts until the job itself has been rate limited (it outlasts the API client's own
    // retries): the queue pauses for the time the API asked, without spending an attempt.
    let stormOver = false;
    const rateLimitedJobs = (): Promise<number> => jobCount(run.daemon.metrics, 'space-sync', 'rate-limited');
    const storm = Promise.all(
      Array.from({ length: 4 }, async () => {
        while (!stormOver) await call(run.emulator, 'GET', '/v1/orgs', { as: 'admin' });
      }),
    );
    try {
      await until('the storm to exhaust the rate limit', () => run.emulator.stats().routes.some((route) => route.status === 429));
      await writeFile(join(run.docs, EDITED_PAGE), page('Edited during a 429 storm.'));
      await until('the sync job to be rate limited', async () => (await rateLimitedJobs()) >= 1, 45_000, 100);
    } finally {
      stormOver = true;
      await storm;
    }

    await waitForChangeRequestContent(run.emulator, page('Edited during a 429 storm.'), 30_000, { everyMs: 1_000 });
    // The routes only the daemon calls for an update: read its change request, import into it.
    const daemonRoute = (route: string): boolean => route.endsWith('/change-requests/:changeRequestId') || route.endsWith('/content/import');
    const daemon429s = run.emulator
      .stats()
      .routes.filter((route) => route.status === 429 && daemonRoute(route.route))
      .reduce((sum, route) => sum + route.count, 0);
    expect(daemon429s).toBeGreaterThan(0);
    // The content lands with the import; the job may still be waiting out a 429 on a later call (the verification read).
    await waitIdle(run.daemon.producer, 60_000);
    expect(await jobCount(run.daemon.metrics, 'space-sync', 'failed')).toBe(0);
    expect(await jobCount(run.daemon.metrics, 'space-sync', 'completed')).toBeGreaterThanOrEqual(2);
  }, 120_000);
});
