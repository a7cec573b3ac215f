/**
 * The daemon over a long run: JOBS sync jobs, each after a random one-page edit of the 1,000-page
 * generated repo, through the whole daemon (`startDaemon`, role `daemon`: chokidar, BullMQ on Redis,
 * the space-sync processor, the bundle server) against the emulator in a process of its own, so the
 * RSS measured is docsync's alone. Reports RSS and heap after job 100 and after the last one, and what
 * could grow without bound: the hash and entry caches on disk, served bundles, temporary files,
 * BullMQ's job history.
 *
 * Needs a Redis at DOCSYNC_BENCH_REDIS_URL (default redis://127.0.0.1:6379). Uses a key prefix of
 * its own and deletes only those keys at the end; never flushes.
 * Run: npm run bench:soak [jobs]   (default 1000)
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import { DocsyncConfigSchema } from '../src/config/config-schema.js';
import { startDaemon } from '../src/daemon/start-daemon.js';
import { silentLogger } from '../src/logging/logger.js';
import { createRedisConnection } from '../src/redis/redis-connection.js';
import { processorRegistry } from '../workers/processor-registry.js';
import { generateDocsRepo } from './generate-docs-repo.js';

const REDIS_URL = process.env.DOCSYNC_BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const JOBS = Number(process.argv[2] ?? 1_000);
const PAGES = 1_000;
const PREFIX = `bench-soak-${process.pid}-${Date.now().toString(36)}`;
/** The CLI as installed (the package's `bin`). */
const CLI = new URL('../bin/docsync.js', import.meta.url).pathname;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** `docsync emulator` as a process of its own; resolves once it listens. */
async function startEmulatorProcess(): Promise<{ url: string; stop: () => void }> {
  const port = await freePort();
  const child = spawn(process.execPath, [CLI, 'emulator', '--contract', 'seed', '--port', String(port)], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('listening')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the emulator exited with ${String(code)}`)));
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
}

async function until(what: string, probe: () => Promise<boolean>, timeoutMs = 120_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!(await probe())) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await delay(5);
  }
}

async function sizeOf(dir: string): Promise<{ files: number; bytes: number }> {
  let files = 0;
  let bytes = 0;
  try {
    for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      files += 1;
      bytes += (await stat(join(entry.parentPath, entry.name))).size;
    }
  } catch {
    // not there: nothing kept
  }
  return { files, bytes };
}

const mb = (bytes: number): string => `${(bytes / 1048576).toFixed(1)} MB`;

async function deleteBenchKeys(): Promise<void> {
  const redis = createRedisConnection(REDIS_URL, 'admin', silentLogger);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${PREFIX}:*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) await redis.unlink(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

async function main(): Promise<void> {
  const emulator = await startEmulatorProcess();
  const dir = await mkdtemp(join(tmpdir(), 'docsync-bench-soak-'));
  const docs = join(dir, 'docs');
  const repo = await generateDocsRepo(docs, { pages: PAGES });
  const config = DocsyncConfigSchema.parse({
    api: { endpoint: emulator.url, token: 'emulator-admin' },
    spaces: [{ name: 'docs', directory: 'docs', spaceId: 'space-docs' }],
    redis: { url: REDIS_URL, prefix: PREFIX },
    daemon: { debounce: '50ms', reconcileInterval: '1h' },
    http: { listen: '127.0.0.1:0' },
  });
  const daemon = await startDaemon(
    { config, file: join(dir, 'docsync.yaml'), baseDir: dir },
    { role: 'daemon', logger: silentLogger, httpListen: '127.0.0.1:0', processors: processorRegistry },
  );
  const completed = async (): Promise<number> => {
    const metric = daemon.metrics.registry.getSingleMetric('docsync_jobs_total');
    const values = metric ? (await metric.get()).values : [];
    return values.filter((v) => v.labels.kind === 'space-sync' && v.labels.outcome === 'completed').reduce((sum, v) => sum + v.value, 0);
  };
  const idle = async (): Promise<boolean> => {
    const counts = await daemon.producer.queue('space-sync').getJobCounts('waiting', 'active', 'prioritized', 'delayed');
    return Object.values(counts).every((count) => count === 0);
  };
  const samples: { job: number; rssMb: number; heapMb: number }[] = [];
  const sample = (job: number): void => {
    const { rss, heapUsed } = process.memoryUsage();
    samples.push({ job, rssMb: Math.round(rss / 1048576), heapMb: Math.round(heapUsed / 1048576) });
    console.log(
      `after job ${job}: RSS ${Math.round(rss / 1048576)} MB, heap ${Math.round(heapUsed / 1048576)} MB, ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
  };
  const started = performance.now();
  // Interrupted (Ctrl-C): the emulator process, the bench's Redis keys and files go too.
  const interrupted = new AbortController();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => interrupted.abort());
  try {
    await until('the start-up sync', async () => (await completed()) >= 1 && (await idle()));
    console.log(
      `docsync soak: ${JOBS} sync jobs after random one-page edits, ${PAGES}-page repo, Node ${process.version}, ${cpus().length} CPUs, load ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    for (let job = 1; job <= JOBS && !interrupted.signal.aborted; job++) {
      const before = await completed();
      const page = join(docs, repo.pages[Math.floor(Math.random() * repo.pages.length)] ?? repo.pages[0] ?? 'README.md');
      await writeFile(page, `${await readFile(page, 'utf8')}\nSoak edit ${job}: ${Math.random().toString(36).slice(2)}\n`);
      await until(`job ${job}`, async () => (await completed()) > before && (await idle()));
      if (job === 100 || job === JOBS || job % 250 === 0) sample(job);
    }
    const seconds = (performance.now() - started) / 1000;
    const first = samples.find((s) => s.job === 100);
    const last = samples.at(-1);
    console.table(samples);
    if (first && last)
      console.log(
        `RSS after job ${last.job} / after job 100 = ${last.rssMb} / ${first.rssMb} MB = ${(last.rssMb / first.rssMb).toFixed(2)} (goal ≤ 1.15); heap ${last.heapMb} / ${first.heapMb} MB`,
      );
    const queue = daemon.producer.queue('space-sync');
    const history = await queue.getJobCounts('completed', 'failed');
    const cache = await sizeOf(join(dir, '.docsync', 'cache'));
    const artifacts = await sizeOf(join(dir, '.docsync', 'artifacts'));
    const temporary = await sizeOf(join(dir, '.docsync', 'tmp'));
    console.log(`${JOBS} jobs in ${seconds.toFixed(0)} s (${((seconds * 1000) / JOBS).toFixed(0)} ms per edit → synced)`);
    console.log(
      `kept at the end: BullMQ history ${history.completed ?? 0} completed, ${history.failed ?? 0} failed (bounded at 1000/5000); caches ${cache.files} files ${mb(cache.bytes)}; served bundles ${artifacts.files}; temporary files ${temporary.files}`,
    );
  } finally {
    await daemon.stop();
    emulator.stop();
    await deleteBenchKeys();
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
