/**
 * Cost proportional to the change, on today's API (emulator `contract: current`, content batches),
 * change-request mode with auto-merge, each step a `docsync sync --once --json` process of its own
 * (the installed CLI) with the previous run's `.docsync/`, once with `source: worktree` and once with
 * `source: HEAD` (each edit committed):
 * - the first sync of the generated repo: API requests by operation, and the rate reached against
 *   the emulator's rate limit (requests counted by the emulator, per one-second window);
 * - a no-op sync, the same without `.docsync/` (a CI runner), then one-page edits (each of another page): API requests by operation, content calls and the changes they
 *   carried, and the sync's local work (read + plan, from its `timings`: the state load and the
 *   recorded commit's git process included) against the first sync's.
 * The emulator runs in a worker thread of this process. `node -e 0` is timed alongside, as a measure
 * of the machine's load. Each edit's requests are also summed up against the issue's budget: at most
 * 5, none a read of a whole revision's content, and the CPU the sync's process used; each step's
 * peak RSS is reported too. With DOCSYNC_BENCH_CPU_PROF_DIR set, each one-page edit's process writes
 * a V8 CPU profile (`node --cpu-prof`) into that folder.
 * Run: npm run bench:sync-cost [pages] [rate limit per second] [one-page edits] [mode] [sources] [edit] [files]
 * (0 edits: the first sync alone, without the no-op sync)
 * (mode `change-request`, the default, with auto-merge, or `direct`; sources `worktree,HEAD` by default;
 * edit `heading`, the default, each edit changing a page's leading heading, `description`, its frontmatter's,
 * or `links`, adding a line that links another page and shows an image the docs bundle already;
 * files `old`, the default, left as written before the first sync, or `fresh`, every file of the docs
 * given the edit's time before it, as a checkout or a tool that rewrites the docs leaves them).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rename, rm, utimes, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { request } from 'undici';
import { generateDocsRepo } from './generate-docs-repo.js';
import { startWorkerEmulator, type WorkerEmulator } from './worker-emulator.js';

const run = promisify(execFile);
const CLI = fileURLToPath(new URL('../bin/docsync.js', import.meta.url));
const pages = Number(process.argv[2] ?? 10_000);
const limit = Number(process.argv[3] ?? 100);
const edits = Number(process.argv[4] ?? 5);
const mode = process.argv[5] === 'direct' ? 'direct' : 'change-request';
const sources = (process.argv[6] ?? 'worktree,HEAD').split(',').filter((s): s is 'worktree' | 'HEAD' => s === 'worktree' || s === 'HEAD');
/** What each one-page edit changes: the page's leading heading (its body), its frontmatter's description, or its links. */
const editKind = process.argv[7] === 'description' || process.argv[7] === 'links' ? process.argv[7] : 'heading';
/** Whether every file of the docs is written just before each edit (a checkout's work tree), so none is old enough to trust its mtime. */
const fresh = process.argv[8] === 'fresh';
const PRELOADS = ['./report-process-cpu.js', './report-max-rss.js'].flatMap((file) => ['--import', fileURLToPath(new URL(file, import.meta.url))]);
/** A folder to write a V8 CPU profile of each one-page edit's process into (`node --cpu-prof`), when set. */
const PROFILE_DIR = process.env.DOCSYNC_BENCH_CPU_PROF_DIR;
/** Routes whose answer holds every page of a revision: a one-page edit must not read them. */
const WHOLE_REVISION = /\/content$|\/revisions\/\{[^}]+\}$/;

interface Route {
  method: string;
  route: string;
  status: number;
  count: number;
}
interface Stats {
  total: number;
  writes: number;
  rateLimited: number;
  contentBatches: { calls: number; changes: number; largest: number };
  routes: Route[];
}
interface Timings {
  readMs: number;
  planMs: number;
  bundleMs: number;
  uploadMs: number;
  apiMs: number;
  totalMs: number;
}
interface Step {
  source: string;
  step: string;
  outcome: string;
  processMs: number;
  /** CPU time of the sync's own process (user + system). */
  cpuMs: number;
  /** Peak resident set of the sync's own process. */
  rssBytes: number;
  timings: Timings;
  calls: Stats;
  /** Requests per full one-second window (first and last, partial, left out). */
  perSecond?: number[];
  /** The same windows, those in which content batches were sent (the API busy with the sending). */
  sending?: number[];
  /** Milliseconds the emulator's thread was busy during the step. */
  emulatorBusyMs: number;
}

async function stats(emulator: WorkerEmulator): Promise<Stats> {
  const response = await request(`${emulator.url}/_emulator/stats`);
  return (await response.body.json()) as Stats;
}

/** What happened between two stats snapshots, by operation. */
function delta(before: Stats, after: Stats): Stats {
  const routes = after.routes
    .map((r) => ({ ...r, count: r.count - (before.routes.find((b) => b.method === r.method && b.route === r.route && b.status === r.status)?.count ?? 0) }))
    .filter((r) => r.count > 0);
  return {
    total: after.total - before.total,
    writes: after.writes - before.writes,
    rateLimited: after.rateLimited - before.rateLimited,
    contentBatches: {
      calls: after.contentBatches.calls - before.contentBatches.calls,
      changes: after.contentBatches.changes - before.contentBatches.changes,
      largest: after.contentBatches.largest,
    },
    routes,
  };
}

/** Samples the emulator's request count (and content calls among them) at every whole second while `work` runs. */
async function perSecond<T>(emulator: WorkerEmulator, work: () => Promise<T>): Promise<{ result: T; windows: number[]; sending: number[] }> {
  const totals: { total: number; content: number }[] = [];
  let running = true;
  const sampler = (async () => {
    while (running) {
      await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000)));
      const now = await stats(emulator);
      totals.push({ total: now.total, content: now.contentBatches.calls });
    }
  })();
  try {
    const result = await work();
    const windows = totals.slice(1).map((at, i) => ({ total: at.total - (totals[i]?.total ?? 0), content: at.content - (totals[i]?.content ?? 0) }));
    // Full windows only: the first and last of those with content calls may be partly spent elsewhere.
    const sending = windows
      .filter((w) => w.content > 0)
      .slice(1, -1)
      .map((w) => w.total);
    return { result, windows: windows.map((w) => w.total), sending };
  } finally {
    running = false;
    await sampler;
  }
}

function git(dir: string, ...args: string[]): Promise<unknown> {
  const identity = { GIT_AUTHOR_NAME: 'bench', GIT_AUTHOR_EMAIL: 'bench@example.com', GIT_COMMITTER_NAME: 'bench', GIT_COMMITTER_EMAIL: 'bench@example.com' };
  return run('git', ['-c', 'init.defaultBranch=main', '-c', 'commit.gpgsign=false', ...args], {
    cwd: dir,
    env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', ...identity },
  });
}

async function syncOnce(dir: string, profile: boolean): Promise<{ outcome: string; timings: Timings; processMs: number; cpuMs: number; rssBytes: number }> {
  const started = performance.now();
  const cpuFile = path.join(dir, '.docsync-cpu');
  const rssFile = path.join(dir, '.docsync-rss');
  const profiling = profile && PROFILE_DIR ? ['--cpu-prof', '--cpu-prof-dir', PROFILE_DIR] : [];
  const { stdout } = await run(process.execPath, [...profiling, ...PRELOADS, CLI, 'sync', '--once', '--json'], {
    cwd: dir,
    maxBuffer: 256 << 20,
    env: { ...process.env, NO_COLOR: '1', DOCSYNC_BENCH_CPU_FILE: cpuFile, DOCSYNC_BENCH_RSS_FILE: rssFile },
  });
  const processMs = performance.now() - started;
  const cpuMs = Number(await readFile(cpuFile, 'utf8')) / 1000;
  const rssBytes = Number(await readFile(rssFile, 'utf8'));
  const report = JSON.parse(stdout) as { results: { outcome: string; timings: Timings }[]; failures: { error: string }[] };
  const result = report.results[0];
  if (result === undefined) throw new Error(`sync failed: ${report.failures[0]?.error ?? stdout}`);
  return { outcome: result.outcome, timings: result.timings, processMs, cpuMs, rssBytes };
}

async function measure(emulator: WorkerEmulator, source: 'worktree' | 'HEAD'): Promise<Step[]> {
  await request(`${emulator.url}/_emulator/reset`, { method: 'POST' });
  const dir = await mkdtemp(path.join(tmpdir(), 'docsync-bench-cost-'));
  try {
    const repo = await generateDocsRepo(path.join(dir, 'docs'), { pages });
    await writeFile(
      path.join(dir, 'docsync.yaml'),
      [
        'api:',
        `  endpoint: ${emulator.url}`,
        '  token: emulator-admin',
        'spaces:',
        '  - name: docs',
        '    directory: docs',
        '    spaceId: space-docs',
        `    source: ${source}`,
        `    mode: ${mode}`,
        '    changeRequest:',
        '      autoMerge: true',
        '',
      ].join('\n'),
    );
    await writeFile(path.join(dir, '.gitignore'), '.docsync/\n.docsync-kept/\n.docsync-cpu\n.docsync-rss\n');
    await git(dir, 'init', '-q');
    await git(dir, 'add', '-A');
    await git(dir, 'commit', '-q', '-m', 'Generated docs');
    const steps: Step[] = [];
    const step = async (name: string, sampled = false): Promise<void> => {
      const before = await stats(emulator);
      const busyBefore = await emulator.busyMs();
      const { result, windows, sending } = await perSecond(emulator, () => syncOnce(dir, name.startsWith('one-page edit')));
      const emulatorBusyMs = (await emulator.busyMs()) - busyBefore;
      steps.push({
        source,
        step: name,
        ...result,
        calls: delta(before, await stats(emulator)),
        emulatorBusyMs,
        ...(sampled ? { perSecond: windows.slice(1, -1), sending } : {}),
      });
    };
    await step('first sync', true);
    // No edits asked: the first sync alone (its peak RSS and rate), the quicker run to iterate on.
    if (edits === 0) return steps;
    await step('no-op sync');
    // A CI runner's no-op: no `.docsync/` (the runner's own is set aside for the edits that follow).
    await rename(path.join(dir, '.docsync'), path.join(dir, '.docsync-kept'));
    await step('no-op sync without .docsync/');
    await rm(path.join(dir, '.docsync'), { recursive: true, force: true });
    await rename(path.join(dir, '.docsync-kept'), path.join(dir, '.docsync'));
    // Several edits, each of another page: one sync's local work varies by tens of milliseconds.
    for (let edit = 1; edit <= edits; edit++) {
      const page = path.join(dir, 'docs', repo.pages[Math.floor(repo.pages.length / 2) + edit] ?? '');
      const text = await readFile(page, 'utf8');
      const edited =
        editKind === 'description'
          ? text.replace(/^description: (.*)$/m, `description: $1 Edited ${Date.now()}.`)
          : editKind === 'links'
            ? `${text}\nSee [the first page](/${repo.pages[0] ?? ''}) and ![Diagram](</.gitbook/assets/diagram ${edit % 5}.png>), ${Date.now()}.\n`
            : text.replace(/^# (.*)$/m, `# $1, edited ${Date.now()}`);
      if (edited === text) throw new Error(`the page ${page} has no ${editKind} to edit`);
      if (fresh) {
        const now = new Date();
        await Promise.all(repo.files.map((file) => utimes(path.join(dir, 'docs', file), now, now)));
      }
      await writeFile(page, edited);
      if (source === 'HEAD') await git(dir, 'commit', '-q', '-am', 'Edit one page');
      await step(`one-page edit ${edit}`);
    }
    return steps;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function nodeBaseline(): Promise<number> {
  const started = performance.now();
  await run(process.execPath, ['-e', '0']);
  return performance.now() - started;
}

const loadAtStart = loadavg();
const emulator = await startWorkerEmulator({ contract: 'current', rateLimit: limit, importLimit: 1024 * 1024 * 1024, bodyLimit: 64 * 1024 * 1024 });
const steps: Step[] = [];
const baseline: number[] = [];
try {
  for (const source of sources) {
    baseline.push(await nodeBaseline());
    steps.push(...(await measure(emulator, source)));
  }
  baseline.push(await nodeBaseline());
} finally {
  await emulator.stop();
}

const local = (t: Timings): number => t.readMs + t.planMs;
console.log(
  `sync-cost: ${pages} pages, contract current, ${mode === 'direct' ? 'direct' : 'change request, auto-merge'}, ${editKind} edits${fresh ? ' of docs written just before each' : ''}, rate limit ${limit}/s, load average ${loadAtStart.map((l) => l.toFixed(1)).join(' ')} at the start and ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} at the end, node -e 0: ${baseline.map((ms) => ms.toFixed(0)).join(', ')} ms\n`,
);
console.log(
  '| source | step | outcome | process ms | process CPU ms | peak RSS MiB | read ms | plan ms | read + plan ms | api ms | total ms | requests | writes | content calls / changes | 429 |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
const mib = (bytes: number): string => (bytes / 2 ** 20).toFixed(0);
for (const s of steps) {
  const t = s.timings;
  console.log(
    `| ${s.source} | ${s.step} | ${s.outcome} | ${s.processMs.toFixed(0)} | ${s.cpuMs.toFixed(0)} | ${mib(s.rssBytes)} | ${t.readMs} | ${t.planMs} | ${local(t)} | ${t.apiMs} | ${t.totalMs} | ${s.calls.total} | ${s.calls.writes} | ${s.calls.contentBatches.calls} / ${s.calls.contentBatches.changes} | ${s.calls.rateLimited} |`,
  );
}
const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const wholeReads = (s: Step): number => s.calls.routes.filter((r) => r.method === 'GET' && WHOLE_REVISION.test(r.route)).reduce((sum, r) => sum + r.count, 0);
for (const source of sources) {
  const first = steps.find((s) => s.source === source && s.step === 'first sync');
  if (!first) continue;
  const edited = steps.filter((s) => s.source === source && s.step.startsWith('one-page edit'));
  const edit = edited[0];
  if (edit) {
    console.log(`\n${source}: one-page edit, requests by operation:`);
    for (const r of edit.calls.routes) console.log(`  ${r.count} × ${r.method} ${r.route} → ${r.status}`);
    const locals = edited.map((s) => local(s.timings)).sort((a, b) => a - b);
    console.log(
      `${source}: local work (read + plan) of ${locals.length} edits: ${locals.join(', ')} ms; first sync / median edit: ${local(first.timings)} / ${median(locals)} = ${(local(first.timings) / Math.max(1, median(locals))).toFixed(1)}×`,
    );
    const cpus = edited.map((s) => s.cpuMs);
    console.log(
      `${source}: one-page edit, median of ${edited.length}: ${median(edited.map((s) => s.calls.total))} requests (budget 5; each: ${edited.map((s) => s.calls.total).join(', ')}), ${median(edited.map(wholeReads))} reads of a whole revision (budget 0), process CPU ${(median(cpus) / 1000).toFixed(2)} s (each: ${cpus.map((ms) => (ms / 1000).toFixed(2)).join(', ')} s)`,
    );
  }
  const windows = first.perSecond ?? [];
  const mean = windows.reduce((a, b) => a + b, 0) / Math.max(1, windows.length);
  console.log(
    `${source}: first sync, requests per full second: ${windows.join(', ')} (mean ${mean.toFixed(1)}, ${(mean / limit).toFixed(3)} of the limit of ${limit}/s), peak RSS ${mib(first.rssBytes)} MiB (budget 400)`,
  );
  const sending = first.sending ?? [];
  const sendingMean = sending.reduce((a, b) => a + b, 0) / Math.max(1, sending.length);
  console.log(
    `${source}: first sync, emulator thread busy ${first.emulatorBusyMs.toFixed(0)} ms for ${first.calls.total} requests (${first.calls.contentBatches.calls} content calls), ${(first.emulatorBusyMs / Math.max(1, first.calls.contentBatches.calls)).toFixed(1)} ms per content call at most`,
  );
  console.log(
    `${source}: first sync, while sending content batches (full seconds with content calls, first and last left out): ${sending.join(', ')} (mean ${sendingMean.toFixed(1)}, max ${Math.max(0, ...sending)}, ${(sendingMean / limit).toFixed(3)} of the limit)`,
  );
  console.log(`${source}: first sync, requests by operation: ${first.calls.routes.map((r) => `${r.count} × ${r.method} ${r.route} → ${r.status}`).join('; ')}`);
}
