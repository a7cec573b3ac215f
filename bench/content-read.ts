/**
 * Reading, hashing and bundling a big GitBook-format repo, as a sync does it: cold (first sync), after
 * a one-page edit with the caches in memory (the daemon) and loaded from disk (a new `sync --once`),
 * and from git. Run: `npm run bench:content [pages] [edits]` (default 10,000 pages, median of 15 edits).
 */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { createBundle } from '../src/content/bundle/create-bundle.js';
import { DeflatePool } from '../src/content/bundle/deflate-pool.js';
import { writeBundle } from '../src/content/bundle/write-bundle.js';
import type { KnownFiles } from '../src/content/content-loader.js';
import { GitRefSource } from '../src/content/git/git-ref-source.js';
import { WorktreeSource } from '../src/content/git/worktree-source.js';
import type { PageMeta } from '../src/content/gitbook/parse-page-meta.js';
import { readDocsRepo } from '../src/content/read-docs-repo.js';
import type { TreeSource } from '../src/content/tree-source.js';
import { DocsyncConfigSchema } from '../src/config/config-schema.js';
import { createContentPreparer, type PrepareContent } from '../src/sync/prepare-content.js';
import { generateDocsRepo, type GeneratedDocsRepo } from './generate-docs-repo.js';

interface Row {
  step: string;
  ms: number;
  filesRead: number | string;
  deflated: number | string;
  note: string;
  peakRssMb: number;
}

const rows: Row[] = [];
const mb = (bytes: number): number => Math.round((bytes / 1024 / 1024) * 10) / 10;
const peakRssMb = (): number => Math.round(process.resourceUsage().maxRSS / 1024);

function git(dir: string, ...args: string[]): void {
  const identity = { GIT_AUTHOR_NAME: 'bench', GIT_AUTHOR_EMAIL: 'bench@example.com', GIT_COMMITTER_NAME: 'bench', GIT_COMMITTER_EMAIL: 'bench@example.com' };
  execFileSync('git', ['-c', 'init.defaultBranch=main', '-c', 'commit.gpgsign=false', ...args], {
    cwd: dir,
    stdio: 'ignore',
    env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', ...identity },
  });
}

/** In a child process, so the generator's memory does not count in this process's peak RSS. */
function generateInChild(directory: string, pages: number): GeneratedDocsRepo {
  const script = fileURLToPath(import.meta.url);
  const out = execFileSync(process.execPath, [script, '--generate', directory, String(pages)], { encoding: 'utf8', maxBuffer: 64 << 20 });
  return JSON.parse(out) as GeneratedDocsRepo;
}

/** One sync's local work: read + hash, then bundle when `bundle` (+ save the entry cache), then keep the read for the next. */
async function localWork(name: string, prepare: PrepareContent, target: Parameters<PrepareContent>[0], bundle: boolean): Promise<number> {
  const started = performance.now();
  const content = await prepare(target);
  const read = performance.now() - started;
  const written = bundle ? await content.bundle() : undefined;
  await content.keep();
  const ms = performance.now() - started;
  rows.push({
    step: name,
    ms: Math.round(ms),
    filesRead: content.snapshot.stats.read,
    deflated: written?.deflated ?? '',
    note: `read ${Math.round(read)} ms + bundle ${Math.round(ms - read)} ms${written ? `, ${mb(written.size)} MB zip` : ''}`,
    peakRssMb: peakRssMb(),
  });
  if (written) await rm(written.path);
  return ms;
}

async function timed<T>(name: string, source: TreeSource | undefined, run: () => Promise<T>, note: (result: T) => string): Promise<T> {
  const before = source?.counter.files ?? 0;
  const started = performance.now();
  const result = await run();
  rows.push({
    step: name,
    ms: Math.round(performance.now() - started),
    filesRead: source === undefined ? '' : source.counter.files - before,
    deflated: '',
    note: note(result),
    peakRssMb: peakRssMb(),
  });
  return result;
}

async function main(): Promise<void> {
  const pages = Number(process.argv[2] ?? 10_000);
  const edits = Number(process.argv[3] ?? 15);
  const baselineRssMb = peakRssMb();
  const work = await mkdtemp(path.join(tmpdir(), 'docsync-bench-'));
  const repo = path.join(work, 'repo');
  const cacheDir = path.join(work, 'cache');
  const bundleDir = path.join(work, 'bundles');
  await mkdir(bundleDir);
  const deflater = new DeflatePool();
  try {
    const generated = generateInChild(repo, pages);
    const target = DocsyncConfigSchema.parse({ spaces: [{ name: 'docs', directory: repo, spaceId: 'space' }] }).spaces[0]!;
    const edit = async (n: number): Promise<void> => {
      await writeFile(path.join(repo, generated.pages[(n * 997) % generated.pages.length] ?? 'README.md'), `# Edited ${n}\n\nOne page changed.\n`);
    };

    const daemon = createContentPreparer({ cacheDir, deflater, bundleDir, longLived: true });
    const first = await localWork('first sync: cold read + full bundle', daemon, target, true);
    await localWork('no-op: warm read (daemon, caches in memory)', daemon, target, false);
    const editsInMemory: number[] = [];
    for (let n = 1; n <= edits; n++) {
      await edit(n);
      editsInMemory.push(await localWork(`one-page edit ${n}: read + bundle (daemon, caches in memory)`, daemon, target, true));
    }
    await edit(edits + 1);
    const cli = await localWork(
      'one-page edit: read + bundle (new process, caches loaded from disk)',
      createContentPreparer({ cacheDir, deflater, bundleDir }),
      target,
      true,
    );

    const worktree = new WorktreeSource(repo);
    const snapshot = await readDocsRepo(worktree);
    await timed(
      'createBundle (zipSync, all in memory, on the event loop)',
      worktree,
      () => createBundle(snapshot, worktree),
      (b) => `${mb(b.bytes.length)} MB zip`,
    );

    git(repo, 'init', '-q');
    git(repo, 'add', '-A');
    git(repo, 'commit', '-q', '-m', 'bench');
    const fromGit = await GitRefSource.open(repo);
    let metas: ReadonlyMap<string, PageMeta> = new Map();
    const gitSnapshot = await timed(
      'cold read + hash (git, cat-file --batch)',
      fromGit,
      () => readDocsRepo(fromGit, { derived: ({ pages }) => (metas = new Map([...pages].map(([path, page]) => [path, page.meta]))) }),
      (s) => `${s.files.length} files`,
    );
    // What the cold read derived, by blob id: what a kept read knows of a commit's files.
    const oids = new Map((await fromGit.list()).map((entry) => [entry.path, entry.token]));
    const files = new Map(gitSnapshot.files.map((file) => [file.sourcePath ?? file.path, file]));
    const known: KnownFiles = (filePath, token) => {
      const file = oids.get(filePath) === token ? files.get(filePath) : undefined;
      const page = metas.get(filePath);
      return file === undefined ? undefined : page === undefined ? { size: file.size, oid: file.oid } : { size: file.size, oid: file.oid, page };
    };
    const gitWarm = await GitRefSource.open(repo);
    await timed(
      'warm read (git, cached by blob id)',
      gitWarm,
      () => readDocsRepo(gitWarm, { known }),
      (s) => `${s.stats.cached} cached`,
    );
    const out = path.join(bundleDir, 'git.zip');
    await timed(
      'writeBundle from git, empty entry cache',
      fromGit,
      () => writeBundle(gitSnapshot, fromGit, out, { deflater }),
      (b) => `${b.deflated} deflated`,
    );
    await rm(out);

    const median = [...editsInMemory].sort((a, b) => a - b)[Math.floor(edits / 2)] ?? Number.NaN;
    const load = loadavg()
      .map((n) => n.toFixed(1))
      .join(' ');
    console.log(`docsync content bench: ${pages} pages (${generated.files.length} files), Node ${process.version}, ${cpus().length} CPUs, load ${load}`);
    console.table(rows);
    console.log(`peak RSS: ${peakRssMb()} MB (${baselineRssMb} MB before any work: Node + modules)`);
    console.log(
      `one-page edit, caches in memory: median of ${edits} = ${median.toFixed(0)} ms; first sync / edit = ${first.toFixed(0)} / ${median.toFixed(0)} = ${(first / median).toFixed(1)}x`,
    );
    console.log(`one-page edit, caches from disk: ${cli.toFixed(0)} ms; first sync / edit = ${(first / cli).toFixed(1)}x`);
    console.log(`entry cache file: ${mb((await readFile(path.join(cacheDir, 'docs.entries'))).length)} MB`);
  } finally {
    await deflater.close();
    await rm(work, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--generate') {
  const generated = await generateDocsRepo(process.argv[3] ?? '.', { pages: Number(process.argv[4]) });
  process.stdout.write(JSON.stringify(generated));
} else {
  await main();
}
