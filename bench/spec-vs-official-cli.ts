/**
 * `docsync spec publish` next to the official CLI's `gitbook openapi publish` (@gitbook/cli), each a
 * whole process, publishing GitBook's own OpenAPI document (`spec/openapi.yaml` of @gitbook/api,
 * about 780 KB) to the same emulator (a worker thread here). The official CLI is installed into a
 * temporary folder with `npm install --ignore-scripts`. Rounds alternate the order of the sides.
 * Run: npm run bench:spec-cli [rounds]
 */
import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { stringify } from 'yaml';
import { startWorkerEmulator } from './worker-emulator.js';

const run = promisify(execFile);
const ROUNDS = Number(process.argv[2] ?? 7);
const OFFICIAL_CLI = '@gitbook/cli@0.25.1';
const ORG = 'org-emulator';
const TOKEN = 'emulator-admin';
/** The CLI as installed (the package's `bin`). */
const DOCSYNC = new URL('../bin/docsync.js', import.meta.url).pathname;

async function timed(file: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<number> {
  const started = performance.now();
  await run(process.execPath, [file, ...args], { cwd: options.cwd, env: { ...process.env, ...options.env }, maxBuffer: 16 * 1024 * 1024 });
  return performance.now() - started;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'docsync-bench-spec-cli-'));
  const emulator = await startWorkerEmulator();
  try {
    const official = join(dir, 'official');
    await mkdir(official);
    await writeFile(join(official, 'package.json'), '{"private":true}');
    process.stderr.write(`installing ${OFFICIAL_CLI}…\n`);
    await run('npm', ['install', '--ignore-scripts', '--no-audit', '--no-fund', OFFICIAL_CLI], { cwd: official });
    const officialCli = join(official, 'node_modules/@gitbook/cli/cli.js');

    const repo = join(dir, 'repo');
    await mkdir(join(repo, '.git'), { recursive: true }); // the read scope is the repository
    const spec = join(dirname(createRequire(import.meta.url).resolve('@gitbook/api/spec/openapi.json')), 'openapi.yaml');
    await copyFile(spec, join(repo, 'openapi.yaml'));
    await writeFile(
      join(repo, 'docsync.yaml'),
      stringify({ api: { endpoint: emulator.url, token: TOKEN }, specs: [{ slug: 'docsync-side', organizationId: ORG, file: 'openapi.yaml' }] }),
    );
    const sides = {
      official: () =>
        timed(officialCli, ['openapi', 'publish', '--spec', 'official-side', '--organization', ORG, 'openapi.yaml'], {
          cwd: repo,
          env: { GITBOOK_TOKEN: TOKEN, GITBOOK_ENDPOINT: emulator.url },
        }),
      force: () => timed(DOCSYNC, ['spec', 'publish', '--force'], { cwd: repo }),
      unchanged: () => timed(DOCSYNC, ['spec', 'publish'], { cwd: repo }),
    };
    await sides.official(); // warm-up: the file cache, and both specs exist
    await sides.force();
    const times: Record<keyof typeof sides, number[]> = { official: [], force: [], unchanged: [] };
    const order = Object.keys(sides) as Array<keyof typeof sides>;
    for (let round = 0; round < ROUNDS; round++) {
      for (const side of round % 2 === 0 ? order : [...order].reverse()) times[side].push(await sides[side]());
    }
    const base = median(times.official);
    console.log(`| command (whole process, median of ${ROUNDS}) | ms | ratio to the official CLI |`);
    console.log('|---|---|---|');
    const row = (label: string, values: number[]): void => console.log(`| ${label} | ${median(values).toFixed(0)} | ${(median(values) / base).toFixed(2)} |`);
    row('`gitbook openapi publish` (@gitbook/cli 0.25.1)', times.official);
    row('`docsync spec publish --force` (validate, bundle, read live, PUT)', times.force);
    row('`docsync spec publish`, spec unchanged (hash, read live, skip)', times.unchanged);
    process.stderr.write(`${JSON.stringify(times)}\n`);
  } finally {
    await emulator.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
