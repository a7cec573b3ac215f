/**
 * Migration throughput against a rate limit: 200 generated doc sets of 20 pages each, each into its
 * own space as a merged change request, through the inline runner against the in-process emulator
 * at a fixed rate limit; then the same with 10% of requests faulted. Measures the API requests per
 * second that got through (429s left out) as a ratio of the limit, and checks every item verified
 * and imported exactly once.
 * Run: npm run bench:migrate [items] [limit]
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { stringify } from 'yaml';
import { DocsyncConfigSchema } from '../src/config/config-schema.js';
import { DEFAULT_FIXTURE } from '../src/emulator/fixtures/default-fixture.js';
import { startEmulator } from '../src/emulator/start-emulator.js';
import { silentLogger } from '../src/logging/logger.js';
import { loadPlan } from '../src/migrate/load-plan.js';
import { buildReport } from '../src/migrate/migration-report.js';
import { migrateItemProcessor } from '../src/migrate/migrate-item-processor.js';
import { announcedLimit, openMigration } from '../src/runtime/open-migration.js';
import { runIdFor } from '../src/migrate/run-id.js';
import { RunLedger } from '../src/migrate/run-ledger.js';
import { runMigration } from '../src/migrate/run-migration.js';
import { generateDocsRepo } from './generate-docs-repo.js';

const ITEMS = Number(process.argv[2] ?? 200);
const LIMIT = Number(process.argv[3] ?? 50);
const PAGES = 20;
const CONCURRENCY = 16;

interface Row {
  scenario: string;
  items: number;
  done: number;
  verified: number;
  onceEach: boolean;
  seconds: number;
  /** Answered requests per full one-second window (the first and last, partial, left out), averaged. */
  steadyPerSecond: number;
  /** The same without the injected faults (5xx, dropped connections): requests that did work. */
  usefulPerSecond: number;
  requests: number;
  rateLimited: number;
  faults: number;
  perSecond: number;
  ratio: number;
  peak: number;
}

async function measure(scenario: string, root: string, fixture: string, faultRate: number): Promise<Row> {
  const dir = await mkdtemp(path.join(root, 'run-'));
  const emulator = await startEmulator({ contract: 'seed', fixtures: fixture, rateLimit: LIMIT, faultRate, seed: 11 });
  const plan = await loadPlan(path.join(root, 'plan.yaml'));
  const windows = new Map<number, number>();
  const useful = new Map<number, number>();
  const runtime = await openMigration({
    onResponse: (_method, status) => {
      if (status === 429) return;
      const second = Math.floor(Date.now() / 1000);
      windows.set(second, (windows.get(second) ?? 0) + 1);
      if (status !== 'error' && status < 500) useful.set(second, (useful.get(second) ?? 0) + 1);
    },
    loaded: {
      config: DocsyncConfigSchema.parse({ api: { endpoint: emulator.url, token: 'emulator-admin' } }),
      file: path.join(dir, 'docsync.yaml'),
      baseDir: dir,
    },
    logger: silentLogger,
    env: {},
  });
  try {
    const start = performance.now();
    const outcome = await runMigration(
      {
        processor: migrateItemProcessor(runtime.processorDeps),
        ledger: new RunLedger(runtime.state, runIdFor(plan)),
        logger: silentLogger,
        meter: runtime.meter,
        rateLimit: announcedLimit(runtime.api.rateBudget),
      },
      plan,
      { concurrency: CONCURRENCY },
    );
    const seconds = (performance.now() - start) / 1000;
    const report = buildReport(plan.file, outcome);
    const stats = emulator.stats();
    const answered = stats.total - stats.rateLimited;
    const imports = (space: string): number =>
      [...emulator.state.revisions.values()].filter((revision) => revision.space === space && revision.parents.length === 1).length;
    const failures = report.items.filter((item) => item.status !== 'done');
    if (failures.length > 0) console.error(JSON.stringify(failures.slice(0, 3), null, 2));
    const full = [...windows.keys()].sort((a, b) => a - b).slice(1, -1);
    const steadyPerSecond = full.reduce((sum, second) => sum + (windows.get(second) ?? 0), 0) / Math.max(1, full.length);
    const usefulPerSecond = full.reduce((sum, second) => sum + (useful.get(second) ?? 0), 0) / Math.max(1, full.length);
    return {
      scenario,
      steadyPerSecond,
      usefulPerSecond,
      items: plan.items.length,
      done: report.totals.done,
      verified: report.totals.verified,
      onceEach: plan.items.every((item) => imports(item.space) === 1),
      seconds,
      requests: stats.total,
      rateLimited: stats.rateLimited,
      faults: stats.faults,
      perSecond: answered / seconds,
      ratio: answered / seconds / LIMIT,
      peak: outcome.peakConcurrency,
    };
  } finally {
    await runtime.close();
    await emulator.close();
  }
}

async function main(): Promise<void> {
  const root = await mkdtemp(path.join(tmpdir(), 'docsync-bench-migrate-'));
  try {
    const items = [];
    const spaces = [];
    for (let i = 0; i < ITEMS; i++) {
      const name = `set-${String(i + 1).padStart(3, '0')}`;
      await generateDocsRepo(path.join(root, 'sources', name), { pages: PAGES, pagesPerChapter: 10, pageBytes: 1024 });
      items.push({ id: name, source: `./sources/${name}`, space: `target-${name}`, merge: true });
      spaces.push({ id: `target-${name}`, organization: 'org-emulator', title: `Target ${name}`, pages: [{ title: 'Placeholder', slug: 'placeholder' }] });
    }
    await writeFile(path.join(root, 'plan.yaml'), stringify({ items }));
    const fixture = path.join(root, 'fixture.yaml');
    await writeFile(fixture, stringify({ ...DEFAULT_FIXTURE, spaces: [...DEFAULT_FIXTURE.spaces, ...spaces] }));

    const rows = [await measure('no faults', root, fixture, 0), await measure('10% faults', root, fixture, 0.1)];
    console.log(`${ITEMS} items × ${PAGES} pages (+ folder READMEs), change request + merge each, rate limit ${LIMIT}/s, concurrency ≤ ${CONCURRENCY}\n`);
    console.log(
      '| scenario | done / verified | imported once each | s | requests | 429 | faults | req/s over the run | ratio | req/s per full second | ratio | of which not faulted | peak in flight |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|');
    for (const r of rows) {
      console.log(
        `| ${r.scenario} | ${r.done}/${r.items} / ${r.verified} | ${r.onceEach ? 'yes' : 'NO'} | ${r.seconds.toFixed(1)} | ${r.requests} | ${r.rateLimited} | ${r.faults} | ` +
          `${r.perSecond.toFixed(1)} | ${r.ratio.toFixed(3)} | ${r.steadyPerSecond.toFixed(1)} | **${(r.steadyPerSecond / LIMIT).toFixed(3)}** | ` +
          `${r.usefulPerSecond.toFixed(1)} (${(r.usefulPerSecond / LIMIT).toFixed(3)}) | ${r.peak} |`,
      );
    }
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

await main();
