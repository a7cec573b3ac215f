import { readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { mkdir, open, rename, writeFile } from 'node:fs/promises';
import { setTimeout as delay } from 'node:timers/promises';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { RefResolver } from '../../../src/watch/ref-resolver.js';
import { type TargetWatchers, type WatchTarget, watchTargets } from '../../../src/watch/target-watcher.js';
import { git, makeTempDir, removeTempDirs, writeTree } from '../../support/temp-tree.js';

interface Call {
  readonly name: string;
  readonly reason: string;
}

const handles: TargetWatchers[] = [];
afterEach(async () => {
  await Promise.all(handles.splice(0).map((handle) => handle.close()));
});
afterAll(removeTempDirs);

/** Starts watching with short, test-friendly timings; records every call. */
async function watch(targets: WatchTarget[], onCall: (call: Call) => void = () => undefined, debounceMs = 150): Promise<Call[]> {
  const calls: Call[] = [];
  const handle = await watchTargets(
    targets,
    (name, reason) => {
      calls.push({ name, reason });
      onCall({ name, reason });
    },
    { debounceMs, maxWaitMs: 10_000 },
  );
  handles.push(handle);
  return calls;
}

/** Polls until `predicate` holds; generous bound for a loaded machine. */
async function waitFor(predicate: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

let sentinels = 0;
/**
 * Proves nothing else is on its way without sleeping: writes a fresh file, waits for its change, and
 * returns the calls that came before it. Events arrive in order, so a stray one would show up
 * before the sentinel's call or inside it (coalesced), which the exact reason check catches.
 */
async function callsBeforeSentinel(dir: string, name: string, calls: Call[]): Promise<Call[]> {
  const file = `sentinel-${++sentinels}.md`;
  // Written beside the watched tree and renamed in: one whole file arrives, so one `add` event.
  const staging = await makeTempDir('docsync-sentinel-');
  await writeFile(path.join(staging, file), '# sentinel\n');
  await rename(path.join(staging, file), path.join(dir, file));
  await waitFor(() => calls.some((call) => call.reason.includes(file)), `the change of ${file}`);
  const index = calls.findIndex((call) => call.reason.includes(file));
  expect(calls[index]).toEqual({ name, reason: `add ${file}` });
  return calls.slice(0, index);
}

async function docsDir(): Promise<string> {
  const dir = await makeTempDir('docsync-watch-');
  await writeTree(dir, { 'README.md': '# Home\n', 'guide/page.md': '# Page\n' });
  return dir;
}

describe('watchTargets, worktree mode', () => {
  it('reports one save as exactly one change, after the debounce', async () => {
    const dir = await docsDir();
    const calls = await watch([{ name: 'docs', directory: dir, source: 'worktree' }]);
    await writeFile(path.join(dir, 'guide', 'page.md'), '# Page, edited\n');
    await waitFor(() => calls.length > 0, 'a change');
    expect(calls[0]).toEqual({ name: 'docs', reason: 'change guide/page.md' });
    expect(await callsBeforeSentinel(dir, 'docs', calls)).toHaveLength(1);
  });

  it('coalesces ten rapid writes into one or two changes', async () => {
    const dir = await docsDir();
    const calls = await watch([{ name: 'docs', directory: dir, source: 'worktree' }]);
    for (let i = 0; i < 10; i++) writeFileSync(path.join(dir, 'README.md'), `# Home ${i}\n`);
    await waitFor(() => calls.length > 0, 'a change');
    const before = await callsBeforeSentinel(dir, 'docs', calls);
    expect(before.length).toBeGreaterThanOrEqual(1);
    expect(before.length).toBeLessThanOrEqual(2);
    expect(before.every((call) => call.reason.includes('README.md'))).toBe(true);
  });

  it('reads a file written in slow chunks only once it is whole: the debounce waits for the write to finish', async () => {
    const dir = await docsDir();
    const page = path.join(dir, 'guide', 'page.md');
    const chunks = Array.from({ length: 12 }, (_, i) => `Paragraph ${i} of a page written a piece at a time.\n\n`);
    const whole = `# Page\n\n${chunks.join('')}`;
    // What the daemon would sync: the file as it is when the target fires. A debounce long enough
    // that a pause of the loaded machine between two chunks does not pass for the end of the write.
    const seen: string[] = [];
    const calls = await watch([{ name: 'docs', directory: dir, source: 'worktree' }], () => seen.push(readFileSync(page, 'utf8')), 1000);
    const file = await open(page, 'w');
    try {
      await file.write('# Page\n\n');
      // 12 chunks 50–60 ms apart: the write lasts longer than chokidar's old 200 ms write-finish wait.
      for (const chunk of chunks) {
        await delay(55);
        await file.write(chunk);
      }
    } finally {
      await file.close();
    }
    await waitFor(() => calls.length > 0, 'a change');
    expect(seen).toEqual([whole]);
    const before = await callsBeforeSentinel(dir, 'docs', calls);
    expect(before).toHaveLength(1);
    expect(before[0]?.reason).toMatch(/^\d+ file events \(change guide\/page\.md, …\)$/);
  });

  it('ignores node_modules, .git, what .gitignore ignores (build output) and editor temp files', async () => {
    const dir = await docsDir();
    await mkdir(path.join(dir, '.git'));
    await mkdir(path.join(dir, 'node_modules', 'pkg'), { recursive: true });
    await writeFile(path.join(dir, '.gitignore'), 'build/\n');
    const calls = await watch([{ name: 'docs', directory: dir, source: 'worktree' }]);
    await writeTree(dir, {
      'node_modules/pkg/index.md': '# dependency\n',
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.git/refs/heads/main': 'x\n',
      'build/out.md': '# built\n',
      'guide/.page.md.swp': 'swap',
      'guide/page.md~': 'backup',
    });
    expect(await callsBeforeSentinel(dir, 'docs', calls)).toEqual([]);
  });

  it('reports an atomic save (temp file renamed over the page) as a change of the page', async () => {
    const dir = await docsDir();
    const calls = await watch([{ name: 'docs', directory: dir, source: 'worktree' }]);
    const temp = path.join(dir, 'guide', '.page.md.tmp-4711');
    await writeFile(temp, '# Page, saved atomically\n');
    await rename(temp, path.join(dir, 'guide', 'page.md'));
    await waitFor(() => calls.some((call) => /(change|add) guide\/page\.md\b/.test(call.reason)), 'the page change');
    expect(calls.every((call) => call.name === 'docs')).toBe(true);
    expect(calls.some((call) => call.reason.includes('unlink guide/page.md'))).toBe(false);
  });

  it('watches extra files outside the directory (a spec and its $refs)', async () => {
    const specs = await makeTempDir('docsync-watch-spec-');
    await writeTree(specs, { 'openapi.yaml': 'openapi: 3.1.0\n', 'schemas/pet.yaml': 'type: object\n' });
    const files = [path.join(specs, 'openapi.yaml'), path.join(specs, 'schemas', 'pet.yaml')];
    const calls = await watch([{ name: 'petstore', directory: files[0]!, source: 'worktree', extraFiles: files }]);
    await writeFile(files[1]!, 'type: object\nrequired: [id]\n');
    await waitFor(() => calls.length > 0, 'a change');
    expect(calls[0]?.name).toBe('petstore');
    expect(calls[0]?.reason).toMatch(/^change .*pet\.yaml$/);
  });
});

describe('watchTargets, ref mode', () => {
  async function repo(): Promise<string> {
    const dir = await makeTempDir('docsync-watch-git-');
    git(dir, 'init', '-q');
    await writeTree(dir, { 'docs/README.md': '# Home\n' });
    git(dir, 'add', '-A');
    git(dir, 'commit', '-q', '-m', 'First');
    return dir;
  }
  const head = (dir: string): string => git(dir, 'rev-parse', 'HEAD').trim();
  const moved = (ref: string, to: string): RegExp => new RegExp(`^${ref} moved from [0-9a-f]{12} to ${to.slice(0, 12)}$`);

  it('reacts to commits and branch switches, not to edits of the working files', async () => {
    const dir = await repo();
    const calls = await watch([
      { name: 'head', directory: path.join(dir, 'docs'), source: 'HEAD' },
      { name: 'main', directory: path.join(dir, 'docs'), source: 'main' },
    ]);

    // Working-file edits and ref churn that keeps the commit (a new branch) report nothing; the
    // commit after them must be the first call of each target.
    await writeTree(dir, { 'docs/README.md': '# Home, edited\n', 'docs/new.md': '# New\n' });
    git(dir, 'branch', 'side');
    git(dir, 'add', '-A');
    git(dir, 'commit', '-q', '-m', 'Second');
    const second = head(dir);
    await waitFor(() => calls.length >= 2, 'both targets to see the commit');
    expect(calls.find((call) => call.name === 'head')?.reason).toMatch(moved('HEAD', second));
    expect(calls.find((call) => call.name === 'main')?.reason).toMatch(moved('main', second));

    // Switching to a new branch at the same commit is no change; a commit on it moves HEAD, not main.
    git(dir, 'checkout', '-q', '-b', 'other');
    await writeTree(dir, { 'docs/other.md': '# Other\n' });
    git(dir, 'add', '-A');
    git(dir, 'commit', '-q', '-m', 'On other');
    const third = head(dir);
    await waitFor(() => calls.length >= 3, 'the commit on other');
    expect(calls[2]).toEqual({ name: 'head', reason: expect.stringMatching(moved('HEAD', third)) as string });

    // Back on main: HEAD moves to main's commit, and a commit there moves both.
    git(dir, 'checkout', '-q', 'main');
    await waitFor(() => calls.length >= 4, 'the switch back to main');
    expect(calls[3]).toEqual({ name: 'head', reason: expect.stringMatching(moved('HEAD', second)) as string });
    await writeTree(dir, { 'docs/README.md': '# Home, third\n' });
    git(dir, 'commit', '-q', '-am', 'Third on main');
    await waitFor(() => calls.length >= 6, 'both targets to see the commit on main');
    expect(
      calls
        .slice(4)
        .map((call) => call.name)
        .sort(),
    ).toEqual(['head', 'main']);
  });

  it('finds HEAD and refs of a linked worktree, where .git is a file', async () => {
    const dir = await repo();
    const worktree = path.join(await makeTempDir('docsync-watch-wt-'), 'wt');
    git(dir, 'worktree', 'add', '-q', '-b', 'wt-branch', worktree);
    const resolver = await RefResolver.open(path.join(worktree, 'docs'), 'HEAD');
    expect(resolver.gitDir).toContain(path.join('.git', 'worktrees'));
    expect(realpathSync(resolver.commonDir)).toBe(realpathSync(path.join(dir, '.git')));

    const calls = await watch([{ name: 'wt', directory: path.join(worktree, 'docs'), source: 'HEAD' }]);
    await writeTree(worktree, { 'docs/README.md': '# Home, in the worktree\n' });
    git(worktree, 'commit', '-q', '-am', 'In the worktree');
    await waitFor(() => calls.length > 0, 'the worktree commit');
    expect(calls[0]).toEqual({ name: 'wt', reason: expect.stringMatching(moved('HEAD', head(worktree))) as string });
  });

  it('rejects a ref target outside a git repository', async () => {
    const dir = await docsDir();
    await expect(watch([{ name: 'docs', directory: dir, source: 'HEAD' }])).rejects.toThrow(/not inside a git work tree/);
  });
});

describe('watchTargets, several targets', () => {
  it('keeps targets independent', async () => {
    const a = await docsDir();
    const b = await docsDir();
    const calls = await watch([
      { name: 'a', directory: a, source: 'worktree' },
      { name: 'b', directory: b, source: 'worktree' },
    ]);
    await writeFile(path.join(a, 'README.md'), '# A edited\n');
    await waitFor(() => calls.length > 0, 'the change of a');
    expect(await callsBeforeSentinel(b, 'b', calls)).toEqual([{ name: 'a', reason: 'change README.md' }]);
    expect(await callsBeforeSentinel(a, 'a', calls)).toHaveLength(2);
  });
});
