/**
 * `docsync spec publish` next to the official CLI's `gitbook openapi publish` (@gitbook/cli), each a
 * whole process, publishing GitBook's own OpenAPI document (`spec/openapi.yaml` of @gitbook/api,
 * about 780 KB) to the same emulator (a worker thread here). The official CLI is installed into a
 * temporary folder with `npm install --ignore-scripts`. Rounds alternate the order of the sides.
 * Each run starts once the emulator has processed every spec (parsed the last version), so no run
 * waits behind the emulator's work on the run before it.
 * docsync's forced publish is timed twice: with the verdict of this content kept from an earlier
 * run (`.docsync/cache/specs`, as a re-run finds it) and with that cache emptied before the run (the
 * first validation of the content). `docsync --help` and `node -e 0` are timed in the same rounds.
 * A second docsync CLI (an earlier build's entry file) can be timed in the same rounds (each of
 * docsync's sides), for a before/after under the same load.
 * Run: npm run bench:spec-cli [rounds] [earlier-cli.js]
 */
import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import { promisify } from 'node:util';
import { stringify } from 'yaml';
import { startWorkerEmulator } from './worker-emulator.js';

const run = promisify(execFile);
const ROUNDS = Number(process.argv[2] ?? 7);
const EARLIER = process.argv[3];
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

/** Waits until the emulator has finished processing each spec (its parse of a 780 KB YAML takes a while). */
async function settled(emulatorUrl: string, slugs: readonly string[]): Promise<void> {
  for (const slug of slugs) {
    for (;;) {
      const response = await fetch(`${emulatorUrl}/v1/orgs/${ORG}/openapi/${slug}`, { headers: { authorization: `Bearer ${TOKEN}` } });
      const body = (await response.json()) as { processingState?: string };
      if (body.processingState === 'complete') break;
      await delay(20);
    }
  }
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'docsync-bench-spec-cli-'));
  const emulator = await startWorkerEmulator({ contract: 'seed' });
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
    const docsync = (cli: string, args: string[]) => () => timed(cli, ['spec', 'publish', ...args], { cwd: repo });
    const sides = new Map<string, () => Promise<number>>([
      [
        'official',
        () =>
          timed(officialCli, ['openapi', 'publish', '--spec', 'official-side', '--organization', ORG, 'openapi.yaml'], {
            cwd: repo,
            env: { GITBOOK_TOKEN: TOKEN, GITBOOK_ENDPOINT: emulator.url },
          }),
      ],
      ['force', docsync(DOCSYNC, ['--force'])],
      [
        'forceCold',
        async () => {
          await rm(join(repo, '.docsync', 'cache', 'specs'), { recursive: true, force: true });
          return docsync(DOCSYNC, ['--force'])();
        },
      ],
      ['unchanged', docsync(DOCSYNC, [])],
      ['help', () => timed(DOCSYNC, ['--help'], { cwd: repo })],
      ['node', () => timed('-e', ['0'], { cwd: repo })],
      ...(EARLIER === undefined
        ? []
        : ([
            ['earlierForce', docsync(EARLIER, ['--force'])],
            [
              'earlierForceCold',
              async () => {
                await rm(join(repo, '.docsync', 'cache', 'specs'), { recursive: true, force: true });
                return docsync(EARLIER, ['--force'])();
              },
            ],
            ['earlierUnchanged', docsync(EARLIER, [])],
            ['earlierHelp', () => timed(EARLIER, ['--help'], { cwd: repo })],
          ] as const)),
    ]);
    const times = new Map([...sides.keys()].map((side) => [side, [] as number[]]));
    const runSide = async (side: string): Promise<void> => {
      await settled(emulator.url, ['official-side', 'docsync-side']);
      const time = await (sides.get(side) ?? (() => Promise.reject(new Error(side))))();
      times.get(side)?.push(time);
    };
    // Warm-up (not counted): the file cache, and both specs exist.
    for (const warmUp of [sides.get('official'), sides.get('force')]) await warmUp?.();
    const order = [...sides.keys()];
    for (let round = 0; round < ROUNDS; round++) {
      for (const side of round % 2 === 0 ? order : [...order].reverse()) await runSide(side);
    }
    const base = median(times.get('official') ?? []);
    console.log(`| command (whole process, median of ${ROUNDS}) | ms | ratio to the official CLI |`);
    console.log('|---|---|---|');
    const row = (label: string, side: string): void => {
      const value = median(times.get(side) ?? []);
      console.log(`| ${label} | ${value.toFixed(0)} | ${(value / base).toFixed(2)} |`);
    };
    row('`gitbook openapi publish` (@gitbook/cli 0.25.1)', 'official');
    row('`docsync spec publish --force`, verdict of this content cached (read, PUT)', 'force');
    row('`docsync spec publish --force`, verdict cache emptied (read, validate, PUT)', 'forceCold');
    row('`docsync spec publish`, spec unchanged (hash, read live, skip)', 'unchanged');
    row('`docsync --help`', 'help');
    row('`node -e 0`', 'node');
    if (EARLIER !== undefined) {
      row('earlier build: `docsync spec publish --force`, verdict cached', 'earlierForce');
      row('earlier build: `docsync spec publish --force`, verdict cache emptied', 'earlierForceCold');
      row('earlier build: `docsync spec publish`, spec unchanged', 'earlierUnchanged');
      row('earlier build: `docsync --help`', 'earlierHelp');
    }
    process.stderr.write(`${JSON.stringify(Object.fromEntries(times))}\n`);
  } finally {
    await emulator.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
