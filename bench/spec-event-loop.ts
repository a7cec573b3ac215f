/**
 * How long a spec's validation holds the event loop: GitBook's own OpenAPI document (`spec/openapi.yaml`
 * of @gitbook/api, about 780 KB, with `$ref` cycles) loaded in the process (`loadSpec`, as a one-shot
 * command does) and in the worker thread the daemon uses (`SpecValidationThread`), each `perf_hooks.monitorEventLoopDelay` (10 ms resolution) on the loop, as the daemon's would run
 * beside health checks, metrics, chokidar and BullMQ's lock renewals. No verdict cache: every load
 * validates. Two controls are measured the same way: a second of plain waiting (the machine's own
 * jitter) and a worker thread that only spins for two seconds (the delay that sharing the CPU with a
 * busy thread of the same process costs, whatever the thread runs).
 * Reports the longest delay and the 99th percentile of each run.
 * Run: npm run bench:spec-event-loop [rounds]
 */
import { once } from 'node:events';
import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import { loadSpec } from '../src/specs/load-spec.js';
import { SpecValidationThread } from '../src/specs/spec-validation-thread.js';

const ROUNDS = Number(process.argv[2] ?? 5);
const RESOLUTION_MS = 10;

interface Run {
  readonly ms: number;
  readonly maxDelayMs: number;
  readonly p99Ms: number;
}

async function measure(work: () => Promise<unknown>): Promise<Run> {
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  // The monitor's timer takes its first sample a turn after it is enabled; a block before it goes unseen.
  await delay(2 * RESOLUTION_MS);
  const started = performance.now();
  await work();
  const ms = performance.now() - started;
  // A load that held the loop is recorded when the monitor's timer next runs: let it.
  await delay(2 * RESOLUTION_MS);
  histogram.disable();
  return { ms, maxDelayMs: histogram.max / 1e6, p99Ms: histogram.percentile(99) / 1e6 };
}

/** A worker thread that only burns CPU: what the thread side costs the loop from sharing the CPU alone. */
function spinInThread(): Promise<unknown> {
  const worker = new Worker('const until = Date.now() + 2000; while (Date.now() < until);', { eval: true });
  return once(worker, 'exit');
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

const dir = await mkdtemp(join(tmpdir(), 'docsync-bench-spec-loop-'));
const thread = new SpecValidationThread();
try {
  await mkdir(join(dir, '.git')); // the read scope is the repository
  const file = join(dir, 'openapi.yaml');
  await copyFile(join(dirname(createRequire(import.meta.url).resolve('@gitbook/api/spec/openapi.json')), 'openapi.yaml'), file);
  // One side after the other, the thread first: the garbage of an in-process validation (hundreds of
  // MB) would otherwise be collected on this loop during the thread's rounds, as the daemon never does.
  const sides: ReadonlyArray<readonly [string, () => Promise<unknown>]> = [
    ['waiting 1 s (the machine’s own jitter)', () => delay(1_000)],
    ['a worker thread spinning 2 s, no docsync code (control)', spinInThread],
    ['validated in a worker thread (`SpecValidationThread`, the daemon)', () => thread.load(file)],
    ['validated in the process (`loadSpec`, one-shot commands)', () => loadSpec(file)],
  ];
  const runs = new Map<string, Run[]>();
  for (const [name, work] of sides) {
    await work(); // not counted: the thread's start, modules loaded once per process
    const measured: Run[] = [];
    for (let round = 0; round < ROUNDS; round++) measured.push(await measure(work));
    runs.set(name, measured);
  }
  console.log(`| GitBook's OpenAPI document (780 KB), median of ${String(ROUNDS)} | ms | longest loop delay ms | p99 ms | longest delay of each run, ms |`);
  console.log('|---|---|---|---|---|');
  for (const [name, measured] of runs) {
    const cell = (pick: (run: Run) => number): string => median(measured.map(pick)).toFixed(0);
    console.log(
      `| ${name} | ${cell((r) => r.ms)} | ${cell((r) => r.maxDelayMs)} | ${cell((r) => r.p99Ms)} | ${measured.map((r) => r.maxDelayMs.toFixed(0)).join(', ')} |`,
    );
  }
} finally {
  await thread.close();
  await rm(dir, { recursive: true, force: true });
}
