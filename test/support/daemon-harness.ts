import { spawn, type ChildProcess } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { LoadedConfig } from '../../src/config/load-config.js';
import type { RunningEmulator } from '../../src/emulator/start-emulator.js';
import type { Logger } from '../../src/logging/logger.js';
import type { Metrics } from '../../src/observability/metrics.js';
import type { BullmqProducer } from '../../src/queue/bullmq-producer.js';
import { createRedisConnection } from '../../src/redis/redis-connection.js';
import { silentLogger } from '../../src/logging/logger.js';
import { call, json, type TokenRole } from './emulator-harness.js';
import { configFor } from './sync-harness.js';
import type { DocsyncJobSchemas } from '../../src/jobs/job-kinds.js';
import type { FinishedCli } from './exit-matcher.js';

export const ROOT = new URL('../../', import.meta.url).pathname;
/** The CLI as installed: the `bin` of package.json, bundled by `npm run build`. */
export const CLI = join(ROOT, 'dist', 'bin', 'docsync.js');
export const SPACE = 'space-docs';
/** The page the tests edit, relative to the docs folder. */
export const EDITED_PAGE = 'reference/cli.md';

let counter = 0;
/** A key prefix no other test (or run) uses. */
export function uniquePrefix(name: string): string {
  counter += 1;
  return `t-daemon-${name}-${process.pid}-${Date.now().toString(36)}-${counter}`;
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Polls `probe` until it returns something other than undefined/false, at most `timeoutMs`; the
 * error names what was awaited and the last value or error seen.
 */
export async function until<T>(
  what: string,
  probe: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = 30_000,
  everyMs = 50,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined && value !== false) return value;
      last = value;
    } catch (error) {
      last = error instanceof Error ? error.message : error;
    }
    if (Date.now() >= deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what} (last: ${JSON.stringify(last)})`);
    await sleep(everyMs);
  }
}

/** Deletes this prefix's keys (SCAN + UNLINK) and nothing else: the shared Redis is never flushed. */
export async function deleteKeys(url: string, prefix: string): Promise<number> {
  const redis = createRedisConnection(url, 'admin', silentLogger);
  let deleted = 0;
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) deleted += await redis.unlink(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
  return deleted;
}

/** A logger that keeps its lines; set DOCSYNC_TEST_LOG=1 to see them as they come. */
export function recordingLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  const echo = process.env.DOCSYNC_TEST_LOG === '1';
  const record =
    (level: string) =>
    (fields: object, message?: string): void => {
      const line = `${new Date().toISOString()} ${level} ${message ?? ''} ${JSON.stringify(fields)}`;
      lines.push(line);
      if (echo) process.stderr.write(`${line}\n`);
    };
  return { lines, debug: () => undefined, info: record('info'), warn: record('warn'), error: record('error') };
}

export interface DaemonTestConfig {
  redisUrl: string;
  prefix: string;
  /** Overrides of the `daemon` section (durations as strings: `200ms`, `5s`). */
  daemon?: Record<string, unknown>;
  /** Where the spawned CLI sends its API calls, when not straight to the emulator (a proxy in front of it). */
  endpoint?: string;
  /** Settings of the space target over the defaults (`mode`, `changeRequest`, …). */
  target?: Record<string, unknown>;
  /** Settings of the `api` section over the endpoint and token (`timeout`). */
  api?: Record<string, unknown>;
}

/** The `daemon`, `redis` and `http` sections the tests share: short debounce and lock, no timed reconcile. */
function sections(options: DaemonTestConfig) {
  return {
    redis: { url: options.redisUrl, prefix: options.prefix },
    daemon: { debounce: '150ms', reconcileInterval: '1h', shutdownGrace: '10s', lockDuration: '3s', ...options.daemon },
    http: { listen: '127.0.0.1:0' },
  };
}

/** A loaded configuration for an in-process daemon against the emulator and one Redis prefix. */
export function daemonConfig(emulator: RunningEmulator, dir: string, options: DaemonTestConfig): LoadedConfig {
  return configFor(emulator, dir, {}, sections(options));
}

/** Writes `docsync.yaml` (JSON is YAML) for a spawned CLI process; returns its path. */
export async function writeDaemonConfig(emulator: RunningEmulator, dir: string, options: DaemonTestConfig): Promise<string> {
  const file = join(dir, 'docsync.yaml');
  const config = {
    api: { endpoint: options.endpoint ?? emulator.url, token: 'emulator-admin', ...options.api },
    spaces: [{ name: 'docs', directory: 'docs', spaceId: SPACE, ...options.target }],
    ...sections(options),
  };
  await writeFile(file, JSON.stringify(config, null, 2));
  return file;
}

/**
 * How the tests look at the emulator: as the `read` user, so their polling never spends the rate
 * limit of the daemon's (admin) token.
 */
export interface LookOptions {
  as?: TokenRole;
}

/** docsync's change requests that are still live (draft or open). */
export async function liveChangeRequests(emulator: RunningEmulator, look: LookOptions = {}): Promise<Record<string, any>[]> {
  const all: Record<string, any>[] = [];
  for (const status of ['draft', 'open']) {
    const response = await call(emulator, 'GET', `/v1/spaces/${SPACE}/change-requests`, { query: { status }, as: look.as ?? 'read' });
    if (response.status !== 200) throw new Error(`listing ${status} change requests answered ${response.status}`);
    all.push(...(json(response.body).items as Record<string, any>[]));
  }
  return all;
}

interface LivePage {
  id: string;
  /** Slugs from the root: content batches name a repo page's slug after its file (`reference/cli.md` at `cli`). */
  path?: string;
  git?: { path: string };
  pages?: LivePage[];
}

/** The markdown of the page at `path` (relative to the docs folder) in change request `changeRequestId`. */
export async function changeRequestMarkdown(
  emulator: RunningEmulator,
  changeRequestId: string,
  path = EDITED_PAGE,
  look: LookOptions = {},
): Promise<string | undefined> {
  const as = look.as ?? 'read';
  const base = `/v1/spaces/${SPACE}/change-requests/${changeRequestId}/content`;
  const listed = await call(emulator, 'GET', `${base}/pages`, { as });
  if (listed.status !== 200) throw new Error(`listing the change request's pages answered ${listed.status}`);
  const pages = json(listed.body).pages as LivePage[];
  const find = (list: LivePage[]): LivePage | undefined => {
    for (const page of list) {
      if (page.git?.path === path || page.git?.path.endsWith(`/${path}`)) return page;
      if (page.git === undefined && page.path?.split('/').at(-1) === path.split('/').at(-1)?.replace(/\.md$/, '')) return page;
      const below = find(page.pages ?? []);
      if (below) return below;
    }
    return undefined;
  };
  const page = find(pages);
  if (!page) return undefined;
  const full = await call(emulator, 'GET', `${base}/page/${page.id}`, { as });
  if (full.status !== 200) throw new Error(`reading the page answered ${full.status}`);
  return json(full.body).markdown as string;
}

/** The single live change request once its page shows `expected`; fails if there is more than one. */
export async function waitForChangeRequestContent(
  emulator: RunningEmulator,
  expected: string,
  timeoutMs = 30_000,
  look: LookOptions & { everyMs?: number } = {},
): Promise<Record<string, any>> {
  return until(
    `the change request to show ${JSON.stringify(expected.slice(0, 60))}`,
    async () => {
      const live = await liveChangeRequests(emulator, look);
      if (live.length > 1) throw new Error(`${live.length} live change requests: ${live.map((cr) => cr.number).join(', ')}`);
      const [cr] = live;
      if (!cr) return undefined;
      const markdown = await changeRequestMarkdown(emulator, cr.id as string, EDITED_PAGE, look);
      return markdown?.trim() === expected.trim() ? cr : undefined;
    },
    timeoutMs,
    look.everyMs ?? 100,
  );
}

/** Change requests the emulator created (POST …/change-requests answered 201). */
export function changeRequestsCreated(emulator: RunningEmulator): number {
  return emulator
    .stats()
    .routes.filter((route) => route.method === 'POST' && route.route === '/v1/spaces/:spaceId/change-requests' && route.status === 201)
    .reduce((sum, route) => sum + route.count, 0);
}

/** Successful content imports the emulator served (one per sync that had something to send). */
export function importCount(emulator: RunningEmulator): number {
  return emulator
    .stats()
    .routes.filter((route) => route.method === 'POST' && route.route.endsWith('/content/import') && route.status === 201)
    .reduce((sum, route) => sum + route.count, 0);
}

/** `docsync_jobs_total{kind, outcome}` as the daemon's metrics hold it. */
export async function jobCount(metrics: Metrics, kind: string, outcome: string): Promise<number> {
  const metric = metrics.registry.getSingleMetric('docsync_jobs_total');
  if (!metric) return 0;
  const { values } = await metric.get();
  return values.filter((value) => value.labels.kind === kind && value.labels.outcome === outcome).reduce((sum, value) => sum + value.value, 0);
}

/** Resolves once no job of the target-facing kinds is waiting, active, delayed or prioritized. */
export async function waitIdle(producer: BullmqProducer<DocsyncJobSchemas>, timeoutMs = 30_000): Promise<void> {
  await until(
    'the queues to drain',
    async () => {
      for (const kind of ['reconcile-tick', 'space-sync'] as const) {
        const counts = await producer.queue(kind).getJobCounts('waiting', 'active', 'prioritized', 'waiting-children');
        if (Object.values(counts).some((count) => count > 0)) return false;
      }
      return true;
    },
    timeoutMs,
  );
}

/** A spawned `docsync` CLI process with its output kept. */
export interface CliProcess {
  readonly child: ChildProcess;
  readonly stdout: () => string;
  readonly stderr: () => string;
  /** Resolves with the exit code and signal once the process has ended. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Resolves once the process has ended and its output is read to the end: how it ended and all it printed. */
  readonly finished: Promise<FinishedCli>;
}

export function spawnCli(args: readonly string[], cwd: string): CliProcess {
  const child = spawn(process.execPath, [CLI, ...args], {
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, DOCSYNC_LOG_FORMAT: 'json', DOCSYNC_LOG_LEVEL: 'info' },
  });
  let stdout = '';
  let stderr = '';
  const echo = process.env.DOCSYNC_TEST_LOG === '1';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    if (echo) process.stderr.write(`[${args[0] ?? 'cli'} ${child.pid ?? ''}] ${chunk.toString()}`);
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const finished = new Promise<FinishedCli>((resolve) => child.once('close', (code, signal) => resolve({ code, signal, stdout, stderr })));
  return { child, stdout: () => stdout, stderr: () => stderr, exited, finished };
}

/** Ends a spawned process if it still runs (SIGKILL), and waits for it. */
export async function killCli(cli: CliProcess | undefined): Promise<void> {
  if (!cli || cli.child.exitCode !== null || cli.child.signalCode !== null) return;
  cli.child.kill('SIGKILL');
  await Promise.race([cli.exited, sleep(10_000)]);
}

/** The JSON log records a CLI process wrote to standard error. */
export function logRecords(text: string): Record<string, any>[] {
  return text
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, any>);
}
