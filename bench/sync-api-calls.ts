/**
 * API calls and time of a space sync against the emulator, for a small and a 10,000-page repo:
 * first sync, no-op sync (with and without `.docsync/`, as on a fresh CI runner), and a one-page edit.
 * The one-page edit must cost the same calls whatever the repo size. Run: npm run bench:sync [pages]
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { DocsyncConfigSchema } from '../src/config/config-schema.js';
import { startEmulator } from '../src/emulator/start-emulator.js';
import { silentLogger } from '../src/logging/logger.js';
import { runSyncOnce } from '../src/runtime/run-sync-once.js';
import { generateDocsRepo } from './generate-docs-repo.js';

interface Row {
  repo: string;
  step: string;
  calls: number;
  writes: number;
  ms: number;
  outcome: string;
}

async function measure(pages: number): Promise<Row[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'docsync-bench-sync-'));
  const docs = path.join(dir, 'docs');
  const repo = await generateDocsRepo(docs, { pages });
  const emulator = await startEmulator({ contract: 'seed', importLimit: 1024 * 1024 * 1024 });
  const config = DocsyncConfigSchema.parse({
    api: { endpoint: emulator.url, token: 'emulator-admin' },
    spaces: [{ name: 'docs', directory: 'docs', spaceId: 'space-docs' }],
  });
  const loaded = { config, file: path.join(dir, 'docsync.yaml'), baseDir: dir };
  const rows: Row[] = [];
  const step = async (name: string): Promise<void> => {
    const before = emulator.stats();
    const start = performance.now();
    const report = await runSyncOnce(loaded, { dryRun: false, logger: silentLogger });
    const after = emulator.stats();
    if (report.failures.length > 0) throw new Error(report.failures[0]?.error);
    rows.push({
      repo: `${pages} pages`,
      step: name,
      calls: after.total - before.total,
      writes: after.writes - before.writes,
      ms: performance.now() - start,
      outcome: report.results[0]?.outcome ?? '?',
    });
  };
  try {
    await step('first sync');
    await step('no-op sync');
    await rm(path.join(dir, '.docsync'), { recursive: true, force: true });
    await step('no-op sync without .docsync/');
    const page = repo.pages[Math.floor(repo.pages.length / 2)] ?? '';
    await writeFile(path.join(docs, page), `# Edited\n\nOne page changed at ${new Date().toISOString()}.\n`);
    await step('one-page edit');
  } finally {
    await emulator.close();
    await rm(dir, { recursive: true, force: true });
  }
  return rows;
}

const large = Number(process.argv[2] ?? 10_000);
const rows = [...(await measure(100)), ...(await measure(large))];
console.log('| repo | step | API calls | writes | ms | outcome |');
console.log('|---|---|---|---|---|---|');
for (const r of rows) console.log(`| ${r.repo} | ${r.step} | ${r.calls} | ${r.writes} | ${r.ms.toFixed(0)} | ${r.outcome} |`);
const edit = (repo: string): Row | undefined => rows.find((r) => r.repo === repo && r.step === 'one-page edit');
const small = edit('100 pages');
const big = edit(`${large} pages`);
if (small && big) console.log(`\none-page edit, calls ${large} pages / 100 pages: ${big.calls}/${small.calls} = ${(big.calls / small.calls).toFixed(2)}`);
