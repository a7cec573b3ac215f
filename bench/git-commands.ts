/**
 * The local git commands a sync runs where their output may be empty: `diff-tree` of the docs folder
 * after a commit that did not touch it (a monorepo's CI), `git remote` in a repository without remotes
 * (a first sync), and a commit of ten pages to the platform-edits branch beside the index (one
 * `update-index` each, which prints nothing). Median of 15 in-process calls each.
 * Run: npm run bench:git
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { GitRepository } from '../src/content/git/git-repository.js';

const RUNS = 15;

function git(dir: string, ...args: string[]): string {
  const identity = { GIT_AUTHOR_NAME: 'bench', GIT_AUTHOR_EMAIL: 'bench@example.com', GIT_COMMITTER_NAME: 'bench', GIT_COMMITTER_EMAIL: 'bench@example.com' };
  return execFileSync('git', ['-c', 'init.defaultBranch=main', '-c', 'commit.gpgsign=false', ...args], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', ...identity },
  });
}

async function median(run: (index: number) => Promise<unknown>): Promise<{ median: number; min: number; max: number }> {
  const times: number[] = [];
  for (let index = 0; index < RUNS; index++) {
    const started = performance.now();
    await run(index);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const round = (ms: number): number => Math.round(ms * 10) / 10;
  return { median: round(times[Math.floor(RUNS / 2)] ?? 0), min: round(times[0] ?? 0), max: round(times[RUNS - 1] ?? 0) };
}

async function main(): Promise<void> {
  const repo = await mkdtemp(path.join(tmpdir(), 'docsync-bench-git-'));
  try {
    await mkdir(path.join(repo, 'docs'));
    await mkdir(path.join(repo, 'src'));
    await writeFile(path.join(repo, 'docs', 'README.md'), '# Docs\n');
    await writeFile(path.join(repo, 'src', 'app.txt'), 'app\n');
    git(repo, 'init', '-q');
    git(repo, 'add', '-A');
    git(repo, 'commit', '-q', '-m', 'docs');
    const synced = git(repo, 'rev-parse', 'HEAD').trim();
    await writeFile(path.join(repo, 'src', 'app.txt'), 'app changed\n');
    git(repo, 'commit', '-q', '-a', '-m', 'outside the docs');
    const head = git(repo, 'rev-parse', 'HEAD').trim();
    const repository = await GitRepository.open(repo);
    const signature = { name: 'docsync', email: 'docsync@example.com', date: new Date('2026-01-01T00:00:00Z') };

    console.log(
      `docsync git commands bench, Node ${process.version}, load ${loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')}; ms per call, median (min–max) of ${RUNS}`,
    );
    console.table({
      'diff-tree of docs/ after a commit outside it': await median(() => repository.changedFiles(synced, head, 'docs')),
      'git remote, no remotes': await median(() => repository.hasRemote('origin')),
      'commit of 10 pages beside the index': await median((run) =>
        repository.commitFiles(
          head,
          Array.from({ length: 10 }, (_, page) => ({ path: `docs/page-${page}.md`, bytes: Buffer.from(`# Page ${page}\n\nRun ${run}.\n`) })),
          'Platform edits',
          signature,
        ),
      ),
    });
  } finally {
    await rm(repo, { recursive: true, force: true });
  }
}

await main();
