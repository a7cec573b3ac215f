/**
 * The daemon's latency and its queue's cost.
 *
 * (i) Save-to-visible latency: the whole daemon (`startDaemon`, role `daemon`: chokidar, BullMQ on
 *     Redis, the space-sync processor, the bundle server) watches a copy of examples/docs; the
 *     emulator runs in a worker thread (its own event loop, like a remote platform). Each of EDITS
 *     edits rewrites reference/cli.md with new text and times from just before the write until
 *     the change request's page shows that text (polled every POLL_MS over HTTP, one request a poll,
 *     from POLL_LEAD_MS before the debounce ends). Run with the
 *     default debounce (500 ms) and with 100 ms, on today's API (`current`: content batches) and on
 *     the seed's (zip import). Next to it: the emulator's own round trip for one import, a direct
 *     POST of the same bundle (served by the same artifact store) into the same change request.
 * (ii) Jobs per second through BullMQ (producer → Redis → worker → completion) against the inline
 *     driver (`runInline`), for the same processor: a trivial one (pure driver cost), and the real
 *     space-sync processor on unchanged docs (reads and hashes the files, reads the state, no API call).
 *
 * Needs a Redis at DOCSYNC_BENCH_REDIS_URL (default redis://127.0.0.1:6379). Uses a key prefix of
 * its own and deletes only those keys at the end; never flushes.
 * Run: npm run bench:daemon
 */
import { startWorkerEmulator, type WorkerEmulator } from './worker-emulator.js';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import { request } from 'undici';
import { HttpArtifactStore } from '../src/artifacts/http-artifact-store.js';
import { DocsyncConfigSchema } from '../src/config/config-schema.js';
import type { LoadedConfig } from '../src/config/load-config.js';
import { startDaemon } from '../src/daemon/start-daemon.js';
import { silentLogger } from '../src/logging/logger.js';
import { BullmqConsumer } from '../src/queue/bullmq-consumer.js';
import { BullmqProducer } from '../src/queue/bullmq-producer.js';
import { createRedisConnection, type Redis } from '../src/redis/redis-connection.js';
import { runInline } from '../src/queue/run-with-retries.js';
import { createRuntime } from '../src/runtime/create-runtime.js';
import { RedisStateStore } from '../src/state/redis-state-store.js';
import { createContentPreparer } from '../src/sync/prepare-content.js';
import { processorRegistry } from '../workers/processor-registry.js';
import { JOBS } from '../src/jobs/job-kinds.js';
import type { JobProcessor, JobRegistry } from '../src/jobs/worker-deps.js';

const REDIS_URL = process.env.DOCSYNC_BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const EXAMPLE_DOCS = new URL('../../examples/docs/', import.meta.url).pathname;
const SPACE = 'space-docs';
const TOKEN = 'emulator-admin';
const PAGE = 'reference/cli.md';
const TITLE = 'CLI reference';
const EDITS = 50;
const IMPORTS = 50;
const POLL_MS = 5;
/** Polling for an edit starts this long before its debounce ends. */
const POLL_LEAD_MS = 20;
const BULK_JOBS = 2_000;
const BULK_CONCURRENCY = 8;
const SERIAL_JOBS = 300;
const SYNC_JOBS = 100;
const RUN = `bench-daemon-${process.pid}-${Date.now().toString(36)}`;
const prefixes: string[] = [];

function prefix(name: string): string {
  const value = `${RUN}-${name}`;
  prefixes.push(value);
  return value;
}

async function api(emulator: WorkerEmulator, method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; body: unknown }> {
  const response = await request(`${emulator.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${TOKEN}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.body.text();
  return { status: response.statusCode, body: text === '' ? undefined : (JSON.parse(text) as unknown) };
}

interface LivePage {
  id: string;
  title: string;
  git?: { path: string };
  pages?: LivePage[];
}

/** The live change request's id, once there is exactly one. */
async function liveChangeRequest(emulator: WorkerEmulator): Promise<string | undefined> {
  const ids: string[] = [];
  for (const status of ['draft', 'open']) {
    const { body } = await api(emulator, 'GET', `/v1/spaces/${SPACE}/change-requests?status=${status}`);
    ids.push(...(body as { items: { id: string }[] }).items.map((cr) => cr.id));
  }
  // One the daemon opens as a draft and then marks open between the two lists shows in both.
  const live = [...new Set(ids)];
  if (live.length > 1) throw new Error(`expected one live change request, found ${live.length}`);
  return live[0];
}

/**
 * The page's markdown in the change request. `known` keeps the page's id from one poll to the next, so
 * a poll is one request (a content batch keeps the id; after an import, a gone id is looked up again).
 */
async function pageMarkdown(emulator: WorkerEmulator, changeRequest: string, known: { id?: string } = {}): Promise<string | undefined> {
  const base = `/v1/spaces/${SPACE}/change-requests/${changeRequest}/content`;
  if (known.id !== undefined) {
    const full = await api(emulator, 'GET', `${base}/page/${known.id}`);
    if (full.status === 200) return (full.body as { markdown: string }).markdown;
  }
  const { body } = await api(emulator, 'GET', `${base}/pages`);
  const find = (list: LivePage[]): LivePage | undefined => {
    for (const page of list) {
      // An import keeps the page's source path; a content batch only its title.
      if (page.git?.path.endsWith(PAGE) === true || (page.git === undefined && page.title === TITLE)) return page;
      const below = find(page.pages ?? []);
      if (below) return below;
    }
    return undefined;
  };
  const page = find((body as { pages: LivePage[] }).pages);
  if (!page) return undefined;
  known.id = page.id;
  const full = await api(emulator, 'GET', `${base}/page/${page.id}`);
  return full.status === 200 ? (full.body as { markdown: string }).markdown : undefined;
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 60_000, everyMs = POLL_MS): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await delay(everyMs);
  }
}

function configFor(emulator: WorkerEmulator, dir: string, redisPrefix: string, debounce: string): LoadedConfig {
  const config = DocsyncConfigSchema.parse({
    api: { endpoint: emulator.url, token: TOKEN },
    spaces: [{ name: 'docs', directory: 'docs', spaceId: SPACE }],
    redis: { url: REDIS_URL, prefix: redisPrefix },
    daemon: { debounce, reconcileInterval: '1h' },
    http: { listen: '127.0.0.1:0' },
  });
  return { config, file: join(dir, 'docsync.yaml'), baseDir: dir };
}

async function workspace(): Promise<{ dir: string; docs: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'docsync-bench-daemon-'));
  const docs = join(dir, 'docs');
  await cp(EXAMPLE_DOCS, docs, { recursive: true });
  return { dir, docs };
}

interface Summary {
  p50: number;
  p95: number;
  min: number;
  max: number;
}

function summarize(samples: number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = (p: number): number => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? Number.NaN;
  return { p50: rank(0.5), p95: rank(0.95), min: sorted[0] ?? Number.NaN, max: sorted.at(-1) ?? Number.NaN };
}

/** (i) Save-to-visible latency over EDITS edits, with the daemon's debounce set to `debounce`. */
async function saveToVisible(emulator: WorkerEmulator, debounce: string): Promise<{ samples: number[]; changeRequest: string; dir: string }> {
  await api(emulator, 'POST', '/_emulator/reset');
  const { dir, docs } = await workspace();
  const loaded = configFor(emulator, dir, prefix(`latency-${debounce}`), debounce);
  const daemon = await startDaemon(loaded, { role: 'daemon', logger: silentLogger, httpListen: '127.0.0.1:0', processors: processorRegistry });
  const idle = async (): Promise<true | undefined> => {
    const counts = await daemon.producer.queue('space-sync').getJobCounts('waiting', 'active', 'prioritized');
    return Object.values(counts).every((count) => count === 0) ? true : undefined;
  };
  try {
    const changeRequest = await until('the start-up sync', async () => {
      const id = await liveChangeRequest(emulator);
      return id !== undefined && (await pageMarkdown(emulator, id)) !== undefined ? id : undefined;
    });
    const samples: number[] = [];
    const page = {};
    for (let edit = 1; edit <= EDITS; edit++) {
      await until('an idle queue', idle);
      const mark = `Bench edit ${edit} of ${EDITS} (${debounce}), ${Math.random().toString(36).slice(2)}.`;
      const saved = performance.now();
      await writeFile(join(docs, PAGE), `# ${TITLE}\n\n${mark}\n`);
      // Nothing can show before the debounce ends: polling from just before then keeps the poller's
      // requests out of the way of the daemon's (they share the emulator and, here, the CPU).
      await delay(Math.max(0, parseInt(debounce, 10) - POLL_LEAD_MS));
      await until(`edit ${edit} to show`, async () => ((await pageMarkdown(emulator, changeRequest, page))?.includes(mark) === true ? true : undefined));
      samples.push(performance.now() - saved);
    }
    await until('an idle queue', idle);
    return { samples, changeRequest, dir };
  } finally {
    await daemon.stop();
  }
}

/** The emulator's own round trip: a direct POST import of the docs' bundle into the change request. */
async function directImports(emulator: WorkerEmulator, dir: string, changeRequest: string): Promise<number[]> {
  const config = DocsyncConfigSchema.parse({ spaces: [{ name: 'docs', directory: join(dir, 'docs'), spaceId: SPACE }] });
  const target = config.spaces[0]!;
  const bundle = await (await createContentPreparer()({ ...target, directory: resolve(target.directory) })).bundle();
  const store = await HttpArtifactStore.start({ listen: '127.0.0.1:0' });
  try {
    const samples: number[] = [];
    for (let i = 0; i < IMPORTS + 1; i++) {
      const artifact = await store.publish({ path: bundle.path, sha256: bundle.bytesHash, size: bundle.size, name: 'docs.zip' });
      const started = performance.now();
      const { status } = await api(emulator, 'POST', `/v1/spaces/${SPACE}/change-requests/${changeRequest}/content/import`, {
        source: 'zip',
        url: artifact.url,
      });
      if (status !== 201) throw new Error(`direct import answered ${status}`);
      if (i > 0) samples.push(performance.now() - started); // the first one warms up
    }
    return samples;
  } finally {
    await store.close();
    await rm(bundle.path, { force: true });
  }
}

interface Rates {
  bullmq: number;
  inline: number;
}

/**
 * Jobs per second of `processor` through BullMQ and inline. `bulk`: all jobs enqueued at once
 * (distinct targets, so none is deduplicated) and worked BULK_CONCURRENCY at a time; otherwise one
 * job at a time, each enqueued after the previous completed (what one target's edits look like).
 */
async function throughput(name: string, processor: JobProcessor<'space-sync'>, jobs: number, bulk: boolean, targetOf: (i: number) => string): Promise<Rates> {
  const registry: JobRegistry = { 'space-sync': processor };
  const redisPrefix = prefix(`jobs-${name}`);
  const connections: Redis[] = [];
  const connect = (role: 'worker' | 'admin'): Redis => {
    const redis = createRedisConnection(REDIS_URL, role, silentLogger);
    connections.push(redis);
    return redis;
  };
  const producer = new BullmqProducer(connect('admin'), redisPrefix, JOBS);
  let settled = 0;
  let failed = 0;
  let onSettled: (() => void) | undefined;
  const consumer = new BullmqConsumer(JOBS, registry, () => connect('worker'), silentLogger, {
    prefix: redisPrefix,
    concurrency: bulk ? BULK_CONCURRENCY : 1,
    onSettled: (_kind, outcome) => {
      settled += 1;
      if (outcome !== 'completed') failed += 1;
      onSettled?.();
    },
  });
  const settledCount = (count: number): Promise<void> =>
    settled >= count
      ? Promise.resolve()
      : new Promise((resolvePromise) => {
          onSettled = () => {
            if (settled >= count) resolvePromise();
          };
        });
  try {
    await consumer.ready();
    // Warm-up: connections, scripts loaded into Redis, JIT.
    await producer.enqueue('space-sync', { target: targetOf(-1), reason: 'warm-up' });
    await settledCount(1);
    const base = settled;
    const started = performance.now();
    if (bulk) {
      await Promise.all(Array.from({ length: jobs }, (_, i) => producer.enqueue('space-sync', { target: targetOf(i), reason: 'bench' })));
      await settledCount(base + jobs);
    } else {
      for (let i = 0; i < jobs; i++) {
        await producer.enqueue('space-sync', { target: targetOf(i), reason: 'bench' });
        await settledCount(base + i + 1);
      }
    }
    const bullmq = jobs / ((performance.now() - started) / 1000);
    if (failed > 0) throw new Error(`${failed} ${name} jobs did not complete through BullMQ`);

    await runInline(JOBS, registry, 'space-sync', { target: targetOf(-1), reason: 'warm-up' }, silentLogger);
    const inlineStarted = performance.now();
    for (let i = 0; i < jobs; i++) await runInline(JOBS, registry, 'space-sync', { target: targetOf(i), reason: 'bench' }, silentLogger);
    const inline = jobs / ((performance.now() - inlineStarted) / 1000);
    return { bullmq, inline };
  } finally {
    await consumer.close(5_000);
    await producer.close();
    for (const redis of connections) redis.disconnect();
  }
}

/** The real space-sync processor on docs that are already synced: a no-op sync, no API call. */
async function noOpSyncProcessor(emulator: WorkerEmulator): Promise<{ processor: JobProcessor<'space-sync'>; close: () => Promise<void> }> {
  await api(emulator, 'POST', '/_emulator/reset');
  const { dir } = await workspace();
  const redisPrefix = prefix('sync-state');
  const loaded = configFor(emulator, dir, redisPrefix, '500ms');
  const stateRedis = createRedisConnection(REDIS_URL, 'admin', silentLogger);
  const runtime = await createRuntime(loaded, { logger: silentLogger, state: new RedisStateStore(stateRedis, redisPrefix) });
  const registry = processorRegistry({ loaded, runtime, logger: silentLogger, enqueue: () => Promise.resolve() });
  const processor = registry['space-sync']!;
  // The first sync creates the change request; every later one finds nothing to do.
  const first = await runInline(JOBS, registry, 'space-sync', { target: 'docs' }, silentLogger);
  if (first.outcome !== 'created') throw new Error(`first sync: ${JSON.stringify(first)}`);
  const second = await runInline(JOBS, registry, 'space-sync', { target: 'docs' }, silentLogger);
  if (second.outcome !== 'skipped') throw new Error(`second sync should be a no-op: ${JSON.stringify(second)}`);
  return {
    processor,
    close: async () => {
      await runtime.close();
      stateRedis.disconnect();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

async function deleteBenchKeys(): Promise<number> {
  const redis = createRedisConnection(REDIS_URL, 'admin', silentLogger);
  let deleted = 0;
  try {
    for (const value of prefixes) {
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${value}:*`, 'COUNT', 500);
        cursor = next;
        if (keys.length > 0) deleted += await redis.unlink(...keys);
      } while (cursor !== '0');
    }
  } finally {
    redis.disconnect();
  }
  return deleted;
}

const ms = (value: number): string => `${value.toFixed(0)} ms`;

async function main(): Promise<void> {
  const current = await startWorkerEmulator({ contract: 'current' });
  const emulator = await startWorkerEmulator({ contract: 'seed' });
  const dirs: string[] = [];
  try {
    process.stdout.write(
      `daemon-latency: ${EDITS} edits per row, Redis ${REDIS_URL}, key prefix ${RUN}-*, load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}\n\n`,
    );
    const rows: [string, Summary, number][] = [];
    let last: { changeRequest: string; dir: string } | undefined;
    for (const [contract, on] of [
      ['current', current],
      ['seed', emulator],
    ] as const) {
      for (const debounce of ['500ms', '100ms']) {
        const { samples, changeRequest, dir } = await saveToVisible(on, debounce);
        dirs.push(dir);
        if (contract === 'seed') last = { changeRequest, dir };
        const label = `${contract === 'current' ? "today's API (content batches)" : "the seed's API (zip import)"}, debounce ${debounce}${debounce === '500ms' ? ' (default)' : ''}`;
        rows.push([`save → visible in the change request, ${label}`, summarize(samples), parseInt(debounce, 10)]);
      }
    }
    const imports = summarize(await directImports(emulator, last!.dir, last!.changeRequest));
    rows.push([`direct POST import of the same bundle (emulator round trip), ${IMPORTS} imports`, imports, 0]);

    process.stdout.write('| measure | p50 | p95 | min | max | p95 − debounce |\n|---|---|---|---|---|---|\n');
    for (const [label, s, debounce] of rows) {
      process.stdout.write(`| ${label} | ${ms(s.p50)} | ${ms(s.p95)} | ${ms(s.min)} | ${ms(s.max)} | ${debounce > 0 ? ms(s.p95 - debounce) : '–'} |\n`);
    }

    const trivial: JobProcessor<'space-sync'> = () => Promise.resolve({ status: 'done', summary: {} });
    const bulk = await throughput('trivial-bulk', trivial, BULK_JOBS, true, (i) => `t${i}`);
    const serial = await throughput('trivial-serial', trivial, SERIAL_JOBS, false, (i) => `t${i}`);
    const noOp = await noOpSyncProcessor(emulator);
    let sync: Rates;
    try {
      sync = await throughput('no-op-sync', noOp.processor, SYNC_JOBS, false, () => 'docs');
    } finally {
      await noOp.close();
    }

    process.stdout.write('\n| jobs/s | BullMQ | inline | BullMQ / inline |\n|---|---|---|---|\n');
    const line = (label: string, rates: Rates): void => {
      process.stdout.write(`| ${label} | ${rates.bullmq.toFixed(0)} | ${rates.inline.toFixed(0)} | ${(rates.bullmq / rates.inline).toFixed(4)} |\n`);
    };
    line(`trivial processor, ${BULK_JOBS} jobs enqueued at once, concurrency ${BULK_CONCURRENCY}`, bulk);
    line(`trivial processor, ${SERIAL_JOBS} jobs one at a time`, serial);
    line(`space-sync on unchanged docs (no-op sync), ${SYNC_JOBS} jobs one at a time`, sync);
  } finally {
    const deleted = await deleteBenchKeys();
    process.stdout.write(`\ncleaned up ${deleted} Redis keys under ${RUN}-*\n`);
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
    await emulator.stop();
    await current.stop();
  }
}

await main();
