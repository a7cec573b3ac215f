/**
 * How long docsync's event loop is held while it syncs the 10,000-page generated repo, as the
 * daemon's loop would be (health checks, metrics, chokidar and BullMQ lock renewal share it): the
 * longest event-loop delay and the 99th percentile (perf_hooks.monitorEventLoopDelay, 10 ms
 * resolution) of a first sync, a no-op sync and a one-page edit, in-process, with the emulator in a
 * worker thread of its own.
 * Run: npm run bench:event-loop [pages]
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { DocsyncConfigSchema } from '../src/config/config-schema.js';
import { silentLogger } from '../src/logging/logger.js';
import { runSyncOnce } from '../src/runtime/run-sync-once.js';
import { generateDocsRepo } from './generate-docs-repo.js';
import { startWorkerEmulator } from './worker-emulator.js';

const PAGES = Number(process.argv[2] ?? 10_000);

const dir = await mkdtemp(path.join(tmpdir(), 'docsync-bench-loop-'));
const emulator = await startWorkerEmulator({ contract: 'seed', importLimit: 1024 * 1024 * 1024 });
try {
  const docs = path.join(dir, 'docs');
  const repo = await generateDocsRepo(docs, { pages: PAGES });
  const config = DocsyncConfigSchema.parse({
    api: { endpoint: emulator.url, token: 'emulator-admin' },
    spaces: [{ name: 'docs', directory: 'docs', spaceId: 'space-docs', mode: 'direct' }],
  });
  const loaded = { config, file: path.join(dir, 'docsync.yaml'), baseDir: dir };
  console.log(`| ${PAGES.toLocaleString('en')}-page repo | sync ms | longest loop delay ms | p99 ms |`);
  console.log('|---|---|---|---|');
  const step = async (name: string): Promise<void> => {
    const histogram = monitorEventLoopDelay({ resolution: 10 });
    histogram.enable();
    const started = performance.now();
    const report = await runSyncOnce(loaded, { dryRun: false, logger: silentLogger });
    const ms = performance.now() - started;
    histogram.disable();
    if (report.failures.length > 0) throw new Error(report.failures[0]?.error);
    // The histogram counts the whole delay, the resolution included.
    const longest = Math.max(0, histogram.max / 1e6 - 10);
    const p99 = Math.max(0, histogram.percentile(99) / 1e6 - 10);
    console.log(`| ${name} | ${ms.toFixed(0)} | ${longest.toFixed(0)} | ${p99.toFixed(0)} |`);
  };
  await step('first sync');
  await step('no-op sync');
  const page = repo.pages[Math.floor(repo.pages.length / 2)] ?? '';
  await writeFile(path.join(docs, page), `# Edited\n\nOne page changed at ${new Date().toISOString()}.\n`);
  await step('one-page edit');
} finally {
  await emulator.stop();
  await rm(dir, { recursive: true, force: true });
}
