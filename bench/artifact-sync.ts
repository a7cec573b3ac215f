/**
 * A first `sync --once` through each artifact store, as a separate CLI process: wall time, upload
 * time and peak RSS next to the bundle's size, for the 10,000-page generated repo and for a repo with
 * 600 incompressible asset files (116 MiB). The S3 store talks to a moto_server started here (moto 5,
 * `moto_server` on the PATH); the emulator runs in a worker thread.
 * Each repo imports into a space of its own; every run replaces what the one before landed there (hence
 * --allow-deletions), with its own line in README.md so that each one bundles and imports.
 * Run: npm run bench:artifacts
 */
import { spawn } from 'node:child_process';
import { appendFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { generateDocsRepo, type GenerateDocsRepoOptions } from './generate-docs-repo.js';
import { startWorkerEmulator } from './worker-emulator.js';

/** The CLI as installed (the package's `bin`). */
const CLI = new URL('../bin/docsync.js', import.meta.url).pathname;
const PRELOAD = new URL('./report-max-rss.js', import.meta.url).href;
const BUCKET = 'docsync-bench';
const S3_ENV = { AWS_ACCESS_KEY_ID: 'bench', AWS_SECRET_ACCESS_KEY: 'bench-secret', AWS_REGION: 'us-east-1' };
const MiB = 1024 * 1024;

interface Row {
  repo: string;
  store: string;
  bundleMiB: number;
  uploadMs: number | undefined;
  totalMs: number;
  peakRssMiB: number;
}

async function startMoto(): Promise<{ endpoint: string; stop: () => void }> {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const endpoint = `http://127.0.0.1:${port}`;
  const child = spawn('moto_server', ['-H', '127.0.0.1', '-p', String(port)], { stdio: 'ignore' });
  const failed = new Promise<never>((_, reject) =>
    child.once('error', (error) => reject(new Error(`moto_server could not start (pip install 'moto[server]'): ${error.message}`))),
  );
  const deadline = Date.now() + 30_000;
  for (;;) {
    const up = await Promise.race([
      fetch(`${endpoint}/moto-api/`).then(
        () => true,
        () => false,
      ),
      failed,
    ]);
    if (up) return { endpoint, stop: () => child.kill('SIGKILL') };
    if (Date.now() > deadline) throw new Error('moto_server did not answer within 30 s');
    await delay(100);
  }
}

/** Runs the CLI's sync of `docs` into `spaceId`; returns what the process used. */
async function syncOnce(dir: string, spaceId: string, artifacts: Record<string, unknown>, apiUrl: string): Promise<Omit<Row, 'repo' | 'store'>> {
  const config = {
    api: { endpoint: apiUrl, token: 'emulator-admin' },
    artifacts,
    spaces: [{ name: 'docs', directory: 'docs', spaceId, mode: 'direct', import: { maxBytes: 1024 * MiB } }],
  };
  await writeFile(path.join(dir, 'docsync.yaml'), JSON.stringify(config));
  await rm(path.join(dir, '.docsync'), { recursive: true, force: true });
  // A page no earlier run landed: otherwise the live content already matches and nothing is bundled.
  await appendFile(path.join(dir, 'docs', 'README.md'), `\nRun ${JSON.stringify(artifacts)} at ${new Date().toISOString()}.\n`);
  const rssFile = path.join(dir, 'rss');
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', PRELOAD, CLI, 'sync', '--once', '--json', '--allow-deletions'], {
    cwd: dir,
    env: { ...process.env, ...S3_ENV, DOCSYNC_BENCH_RSS_FILE: rssFile, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  const totalMs = performance.now() - started;
  if (code !== 0) throw new Error(`sync exited ${code}: ${stdout.slice(0, 2000)} ${stderr.slice(-2000)}`);
  const uploaded = stderr
    .split('\n')
    .filter((line) => line.includes('bundle uploaded'))
    .map((line) => JSON.parse(line) as { ms: number; bytes: number })[0];
  return {
    bundleMiB: uploaded ? uploaded.bytes / MiB : Number.NaN,
    uploadMs: uploaded?.ms,
    totalMs,
    peakRssMiB: Number(await readFile(rssFile, 'utf8')) / MiB,
  };
}

async function main(): Promise<void> {
  const moto = await startMoto();
  const emulator = await startWorkerEmulator({ contract: 'seed', importLimit: 1024 * MiB });
  // As the S3 store does for itself: the SDK's notice about Node versions its future releases drop.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const s3 = new S3Client({
    endpoint: moto.endpoint,
    forcePathStyle: true,
    region: 'us-east-1',
    credentials: { accessKeyId: 'bench', secretAccessKey: 'bench-secret' },
  });
  await s3.send(new CreateBucketCommand({ Bucket: BUCKET }));
  s3.destroy();
  // A space per repo: the first store's run replaces the space's fixture content, the second its own.
  const repos: Array<[string, GenerateDocsRepoOptions, string]> = [
    ['10,000 pages', { pages: 10_000 }, 'space-api'],
    ['1,000 pages + 600 assets (116 MiB)', { pages: 1_000, binaryAssets: { count: 600, totalBytes: 116 * MiB } }, 'space-docs'],
  ];
  const stores: Array<[string, Record<string, unknown>]> = [
    ['s3', { store: 's3', bucket: BUCKET, endpoint: moto.endpoint, forcePathStyle: true }],
    ['http', { store: 'http' }],
  ];
  const rows: Row[] = [];
  try {
    for (const [repo, options, spaceId] of repos) {
      const dir = await mkdtemp(path.join(tmpdir(), 'docsync-bench-artifacts-'));
      try {
        await generateDocsRepo(path.join(dir, 'docs'), options);
        for (const [store, artifacts] of stores) {
          const row = { repo, store, ...(await syncOnce(dir, spaceId, artifacts, emulator.url)) };
          rows.push(row);
          process.stderr.write(`${JSON.stringify(row)}\n`);
        }
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    }
  } finally {
    await emulator.stop();
    moto.stop();
  }
  console.log('| repo | store | bundle MiB | upload ms | sync ms (process) | peak RSS MiB |');
  console.log('|---|---|---|---|---|---|');
  for (const row of rows) {
    const bundle = rows.find((other) => other.repo === row.repo && other.store === 's3')?.bundleMiB ?? Number.NaN;
    console.log(`| ${row.repo} | ${row.store} | ${bundle.toFixed(1)} | ${row.uploadMs ?? '–'} | ${Math.round(row.totalMs)} | ${Math.round(row.peakRssMiB)} |`);
  }
}

await main();
