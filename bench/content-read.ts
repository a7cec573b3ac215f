/**
 * Reading, hashing and bundling a big GitBook-format repo: cold, warm (hash cache), after a one-file
 * edit, and from git. Run: `npx tsc -p tsconfig.build.json && node dist/bench/content-read.js [pages]`.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import {
  createBundle,
  GitRefSource,
  HashCache,
  readDocsRepo,
  streamBundle,
  type TreeSource,
  WorktreeSource,
} from '../src/content/index.js';
import { generateDocsRepo, type GeneratedDocsRepo } from './generate-docs-repo.js';

interface Row {
  step: string;
  ms: number;
  filesRead: number | string;
  mbRead: number | string;
  note: string;
  peakRssMb: number;
}

const rows: Row[] = [];
const mb = (bytes: number): number => Math.round((bytes / 1024 / 1024) * 10) / 10;
const peakRssMb = (): number => Math.round(process.resourceUsage().maxRSS / 1024);

/** Runs one measured step; `source` (when given) tells how many files it read. */
async function step<T>(
  name: string,
  source: TreeSource | undefined,
  run: () => Promise<T>,
  note: (result: T) => string,
): Promise<T> {
  const before = { files: source?.counter.files ?? 0, bytes: source?.counter.bytes ?? 0 };
  const started = performance.now();
  const result = await run();
  const ms = Math.round(performance.now() - started);
  rows.push({
    step: name,
    ms,
    filesRead: source === undefined ? '' : source.counter.files - before.files,
    mbRead: source === undefined ? '' : mb(source.counter.bytes - before.bytes),
    note: note(result),
    peakRssMb: peakRssMb(),
  });
  return result;
}

function git(dir: string, ...args: string[]): void {
  const identity = { GIT_AUTHOR_NAME: 'bench', GIT_AUTHOR_EMAIL: 'bench@example.com', GIT_COMMITTER_NAME: 'bench', GIT_COMMITTER_EMAIL: 'bench@example.com' };
  execFileSync('git', ['-c', 'init.defaultBranch=main', '-c', 'commit.gpgsign=false', ...args], {
    cwd: dir,
    stdio: 'ignore',
    env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', ...identity },
  });
}

/** In a child process, so the generator's memory does not count in this process's peak RSS. */
function generateInChild(directory: string, pages: number): Promise<GeneratedDocsRepo> {
  const script = fileURLToPath(import.meta.url);
  const out = execFileSync(process.execPath, [script, '--generate', directory, String(pages)], { encoding: 'utf8', maxBuffer: 64 << 20 });
  return Promise.resolve(JSON.parse(out) as GeneratedDocsRepo);
}

const readWithCacheFile = async (source: TreeSource, cacheFile: string) =>
  readDocsRepo(source, { cache: await HashCache.load(cacheFile) });

async function main(): Promise<void> {
  const pages = Number(process.argv[2] ?? 10_000);
  const baselineRssMb = peakRssMb();
  const work = await mkdtemp(path.join(tmpdir(), 'docsync-bench-'));
  const repo = path.join(work, 'repo');
  const cacheFile = path.join(work, 'hash-cache.json');
  try {
    const generated = await step('generate repo (child process)', undefined, () => generateInChild(repo, pages), (g) => `${g.files.length} files`);

    const cold = new WorktreeSource(repo);
    const cache = await HashCache.load(cacheFile);
    const snapshot = await step('cold read + hash (worktree)', cold, () => readDocsRepo(cold, { cache }), (s) => `${s.files.length} files`);
    await step('save hash cache', undefined, () => cache.save(), () => `${cache.size} entries`);
    const streamed = async (): Promise<number> => {
      let size = 0;
      for await (const chunk of streamBundle(snapshot, cold)) size += chunk.length;
      return size;
    };
    await step('streamBundle (one file at a time)', cold, streamed, (size) => `${mb(size)} MB zip`);
    await step('createBundle (zipSync, all in memory)', cold, () => createBundle(snapshot, cold), (b) => `${mb(b.bytes.length)} MB zip`);

    const warm = new WorktreeSource(repo);
    await step('warm read, no change (incl. cache load)', warm, () => readWithCacheFile(warm, cacheFile), (s) => `${s.stats.cached} cached`);
    await writeFile(path.join(repo, generated.pages[4321] ?? 'README.md'), '# Edited\n\nOne page changed.\n');
    const edited = new WorktreeSource(repo);
    const afterEdit = await step('warm read, one file edited', edited, () => readWithCacheFile(edited, cacheFile), (s) =>
      s.contentHash === snapshot.contentHash ? 'hash UNCHANGED (bug)' : 'content hash changed',
    );

    const commit = (): Promise<void> => {
      for (const args of [['init', '-q'], ['add', '-A'], ['commit', '-q', '-m', 'bench']]) git(repo, ...args);
      return Promise.resolve();
    };
    await step('git init + add + commit (setup)', undefined, commit, () => '');
    const fromGit = await GitRefSource.open(repo);
    const gitSnapshot = await step('cold read + hash (git, cat-file --batch)', fromGit, () => readDocsRepo(fromGit), (s) =>
      s.contentHash === afterEdit.contentHash ? 'same hash as worktree' : 'hash DIFFERS from worktree',
    );
    const gitCache = HashCache.inMemory();
    await readDocsRepo(await GitRefSource.open(repo), { cache: gitCache });
    const gitWarm = await GitRefSource.open(repo);
    await step('warm read (git, cached by blob oid)', gitWarm, () => readDocsRepo(gitWarm, { cache: gitCache }), (s) => `${s.stats.cached} cached`);
    await step('createBundle from git', fromGit, () => createBundle(gitSnapshot, fromGit), (b) => `${mb(b.bytes.length)} MB zip`);
  } finally {
    await rm(work, { recursive: true, force: true });
  }

  const load = loadavg().map((n) => n.toFixed(1)).join(' ');
  console.log(`docsync content bench: ${pages} pages (~2 KB each), Node ${process.version}, ${cpus().length} CPUs, load ${load}`);
  console.table(rows);
  console.log(`peak RSS: ${peakRssMb()} MB (${baselineRssMb} MB before any work: Node + modules)`);
}

if (process.argv[2] === '--generate') {
  const generated = await generateDocsRepo(process.argv[3] ?? '.', { pages: Number(process.argv[4]) });
  process.stdout.write(JSON.stringify(generated));
} else {
  await main();
}
