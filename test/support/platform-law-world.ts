import { execFileSync } from 'node:child_process';
import { readFile, rm, unlink, writeFile, mkdir } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import type { LoadedConfig } from '../../src/config/load-config.js';
import type { RunningEmulator } from '../../src/emulator/start-emulator.js';
import { call, json } from './emulator-harness.js';
import { commitWithRemote } from './platform-edits-workspace.js';
import type { LawRepo } from './platform-law-repo.js';
import { configFor, syncOnce } from './sync-harness.js';
import { git, makeTempDir, writeTree } from './temp-tree.js';

export const LAW_BRANCH = 'docsync/platform-edits/docs';
const SPACE = 'space-docs';

/**
 * One side of the law: a docs repo with a bare remote, synced into a space of its own emulator,
 * by a runner that keeps its `.docsync/` between runs or by one that starts without it every time.
 */
export interface LawWorld {
  readonly emulator: RunningEmulator;
  readonly dir: string;
  readonly docs: string;
  readonly remote: string;
  readonly loaded: LoadedConfig;
  /** The same target with its change request left open for review (`autoMerge: false`). */
  readonly held: LoadedConfig;
  readonly stateless: boolean;
}

export async function openWorld(emulator: RunningEmulator, repo: LawRepo, target: Record<string, unknown>, stateless: boolean): Promise<LawWorld> {
  emulator.reset();
  const dir = await makeTempDir('docsync-law-');
  const docs = join(dir, 'docs');
  await writeTree(docs, repo.files);
  const remote = await commitWithRemote(dir, ['docs']);
  const loaded = configFor(emulator, dir, { ...target, changeRequest: { autoMerge: true } }, { sync: { maxDeletions: 1000 } });
  const held = configFor(emulator, dir, { ...target, changeRequest: { autoMerge: false } }, { sync: { maxDeletions: 1000 } });
  return { emulator, dir, docs, remote, loaded, held, stateless };
}

/**
 * Each world's answer, once every one has settled: a world that fails first leaves no sync of the
 * other still running into the next sequence (whose emulators are reset under it).
 */
export async function inEveryWorld<T>(worlds: readonly LawWorld[], work: (world: LawWorld) => Promise<T>): Promise<T[]> {
  const settled = await Promise.allSettled(worlds.map(work));
  const failed = settled.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failed !== undefined) throw failed.reason;
  return settled.map((result) => (result as PromiseFulfilledResult<T>).value);
}

/** What one sync reported, as comparable between the two runners. */
export interface LawSync {
  readonly outcome: string | undefined;
  readonly failures: readonly string[];
  readonly pages: readonly { file: string; outcome: string }[];
}

/** One sync of the world's target; `held`: its change request left open for review, not merged. */
export async function syncWorld(world: LawWorld, held = false): Promise<LawSync> {
  if (world.stateless) await rm(join(world.dir, '.docsync'), { recursive: true, force: true });
  const report = await syncOnce(held ? world.held : world.loaded);
  const result = report.results[0];
  return {
    outcome: result?.outcome,
    failures: report.failures.map((failure) => `${failure.code}: ${failure.error}`),
    pages: (result?.platformEdits?.pages ?? []).map((page) => ({ file: page.file, outcome: page.outcome })),
  };
}

/** A live page of the space's main content: what a reader sees of it. */
export interface LivePage {
  readonly id: string;
  readonly title: string;
  /** Its path in the space (slugs from the top). */
  readonly path: string;
  readonly description: string;
  readonly markdown: string;
  /** Layout switches turned off (`outline: false`), sorted. */
  readonly hidden: string;
  readonly layout: Readonly<Record<string, boolean>>;
  readonly children: readonly LivePage[];
}

interface RawPage {
  id: string;
  type: string;
  title: string;
  path?: string;
  description?: string;
  pages?: RawPage[];
}

/** The change request open in the space (docsync's, left open for review), if any. */
export async function openChangeRequest(world: LawWorld): Promise<string | undefined> {
  const listed = json((await call(world.emulator, 'GET', `/v1/spaces/${SPACE}/change-requests`)).body).items as { id: string }[];
  return listed[0]?.id;
}

/**
 * The space's main content, or a change request's (`changeRequest`: what goes live once it is
 * merged): its document pages, each with its markdown.
 */
export async function liveSpace(world: LawWorld, changeRequest?: string): Promise<LivePage[]> {
  const content = changeRequest === undefined ? `/v1/spaces/${SPACE}/content` : `/v1/spaces/${SPACE}/change-requests/${changeRequest}/content`;
  const raw = json((await call(world.emulator, 'GET', `${content}/pages`)).body).pages as RawPage[];
  const page = async (entry: RawPage): Promise<LivePage[]> => {
    const children = (await Promise.all((entry.pages ?? []).map(page))).flat();
    if (entry.type !== 'document') return children;
    const answer = await call(world.emulator, 'GET', `${content}/page/${entry.id}`, { query: { format: 'markdown' } });
    const body = json(answer.body);
    const layout = (body.layout ?? {}) as Record<string, boolean>;
    const hidden = Object.entries(layout).flatMap(([key, on]) => (on ? [] : [key]));
    return [
      {
        id: entry.id,
        title: entry.title,
        path: entry.path ?? '',
        description: entry.description ?? '',
        markdown: body.markdown as string,
        hidden: hidden.sort().join(','),
        layout,
        children,
      },
    ];
  };
  return (await Promise.all(raw.map(page))).flat();
}

/** Every page of a live tree with the title of the page it is under, parents first. */
export function flatLive(pages: readonly LivePage[], parent?: string): { page: LivePage; parent: string | undefined }[] {
  return pages.flatMap((page) => [{ page, parent }, ...flatLive(page.children, page.title)]);
}

/** The live tree without ids (of pages, and of files its links name: each emulator gives its own), for comparing two spaces. */
export function liveShape(pages: readonly LivePage[]): unknown[] {
  return pages.map((page) => ({
    title: page.title,
    description: page.description,
    markdown: page.markdown.replace(/\/files\/[\w-]+/g, '/files/<id>'),
    hidden: page.hidden,
    children: liveShape(page.children),
  }));
}

/** The platform-edits branch's tip on the remote, if it exists. */
export function branchTip(world: LawWorld): string | undefined {
  try {
    return git(world.remote, 'rev-parse', '--verify', '--quiet', `refs/heads/${LAW_BRANCH}`).trim();
  } catch {
    return undefined;
  }
}

export function isAncestor(world: LawWorld, ancestor: string, of: string): boolean {
  try {
    git(world.remote, 'merge-base', '--is-ancestor', ancestor, of);
    return true;
  } catch {
    return false;
  }
}

/** The paths of the files below the docs root at `commit`. */
export function pathsAt(repo: string, commit: string): Set<string> {
  return new Set(
    git(repo, 'ls-tree', '-r', '--name-only', commit, '--', 'docs')
      .split('\n')
      .filter(Boolean)
      .map((path) => path.slice('docs/'.length)),
  );
}

/** Files read by commit id, which names them for good: a check after each sync reads the branch's tip again. */
const filesByCommit = new Map<string, Map<string, string>>();

/**
 * The files of the docs root at a commit of the remote (or of the repo), by path in the docs root, as
 * latin1 text (an image's bytes too): two git processes, its tree listed and its blobs read in one batch.
 */
export function filesAt(repo: string, commit: string): ReadonlyMap<string, string> {
  const key = /^[0-9a-f]{40}$/.test(commit) ? `${repo}\0${commit}` : undefined;
  const known = key === undefined ? undefined : filesByCommit.get(key);
  if (known !== undefined) return known;
  const entries = git(repo, 'ls-tree', '-r', '-z', commit, '--', 'docs')
    .split('\0')
    .filter(Boolean)
    .map((line) => ({ oid: line.slice(0, line.indexOf('\t')).split(' ')[2] ?? '', path: line.slice(line.indexOf('\t') + 1) }));
  const batch = execFileSync('git', ['-C', repo, 'cat-file', '--batch'], { input: entries.map((entry) => `${entry.oid}\n`).join('') });
  const files = new Map<string, string>();
  let at = 0;
  for (const entry of entries) {
    // Each blob comes as "<oid> blob <size>\n", its bytes, then "\n".
    const headerEnd = batch.indexOf(0x0a, at);
    const size = Number(batch.subarray(at, headerEnd).toString('latin1').split(' ')[2]);
    files.set(entry.path.slice('docs/'.length), batch.subarray(headerEnd + 1, headerEnd + 1 + size).toString('latin1'));
    at = headerEnd + 1 + size + 1;
  }
  if (key !== undefined) filesByCommit.set(key, files);
  return files;
}

/** Writes (or with `undefined`, deletes) files of the docs root and commits them. */
export async function commitFiles(world: LawWorld, files: Record<string, string | undefined>, message: string): Promise<void> {
  for (const [path, text] of Object.entries(files)) {
    const file = join(world.docs, path);
    if (text === undefined) await unlink(file);
    else {
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, text);
    }
  }
  git(world.dir, 'add', '--all', 'docs');
  git(world.dir, 'commit', '--quiet', '-m', message);
}

export function readDoc(world: LawWorld, path: string): Promise<string> {
  return readFile(join(world.docs, path), 'utf8');
}

const MARKER = /^(<<<<<<<|=======|>>>>>>>)( .*)?$/;

/** A text with conflict markers resolved by keeping both sides, as a person taking every line would. */
export function keepBothSides(text: string): string {
  return text
    .split('\n')
    .filter((line) => !MARKER.test(line))
    .join('\n');
}

/** A table of contents with both sides kept, as a person leaves it: each file listed once, where it is first. */
function keepBothListings(text: string): string {
  const seen = new Set<string>();
  return keepBothSides(text)
    .split('\n')
    .filter((line) => {
      const target = /^\s*[*-] \[[^\]]*\]\(([^)]+)\)/.exec(line)?.[1];
      if (target === undefined) return true;
      if (seen.has(target)) return false;
      seen.add(target);
      return true;
    })
    .join('\n');
}

/** `SUMMARY.md` without the entry linking `target`: its children take its place. */
function withoutEntry(summary: string, target: string): string {
  const lines = summary.split('\n');
  const at = lines.findIndex((line) => /^\s*[*-] \[[^\]]*\]\(([^)]+)\)/.exec(line)?.[1] === target);
  if (at < 0) return summary;
  const indent = (line: string): number => /^\s*/.exec(line)?.[0].length ?? 0;
  const depth = indent(lines[at] ?? '');
  let end = at + 1;
  while (end < lines.length && (lines[end] ?? '').trim() !== '' && indent(lines[end] ?? '') > depth) end += 1;
  const children = lines.slice(at + 1, end).map((line) => line.slice(2));
  return [...lines.slice(0, at), ...children, ...lines.slice(end)].join('\n');
}

/** Both sides of a file's conflicts kept (a table of contents: {@link keepBothListings}). */
function resolved(path: string, text: string): string {
  return path.endsWith('SUMMARY.md') ? keepBothListings(text) : keepBothSides(text);
}

export function hasMarkers(text: string): boolean {
  return text.split('\n').some((line) => MARKER.test(line));
}

/**
 * Merges the platform-edits branch into the repo, as docs/platform-edits.md tells users: conflicts
 * of the merge and docsync's conflict markers resolved by keeping both sides (each file listed once
 * in `SUMMARY.md`), a file removed on one side and changed or renamed on the other kept where a side
 * has it, one both sides renamed kept at git's path. False when the branch does not exist.
 */
export async function mergeBranch(world: LawWorld): Promise<boolean> {
  if (branchTip(world) === undefined) return false;
  git(world.dir, 'fetch', '--quiet', 'origin', LAW_BRANCH);
  try {
    git(world.dir, 'merge', '--quiet', '--no-edit', 'FETCH_HEAD');
  } catch {
    // Renamed on both sides (git's rename/rename conflict: the old path both deleted, each new one
    // added by one side): a person keeps one file, git's, listed once; the branch's copy goes.
    const status = git(world.dir, 'status', '--porcelain').split('\n');
    const theirRenames = status.some((line) => line.startsWith('DD ')) ? status.flatMap((line) => (line.startsWith('UA ') ? [line.slice(3)] : [])) : [];
    for (const path of theirRenames) {
      git(world.dir, 'rm', '--quiet', '--', path);
      const summary = join(world.docs, 'SUMMARY.md');
      await writeFile(summary, withoutEntry(await readFile(summary, 'utf8'), relative('docs', path)));
      git(world.dir, 'add', '--', 'docs/SUMMARY.md');
    }
    const unmerged = git(world.dir, 'diff', '--name-only', '--diff-filter=U').split('\n').filter(Boolean);
    for (const path of unmerged) {
      const file = join(world.dir, path);
      const text = await readFile(file, 'utf8').catch(() => undefined);
      // Removed on one side, changed or renamed on the other: the side that still has the file, else none.
      const stages = new Set(
        git(world.dir, 'ls-files', '--unmerged', '--', path)
          .split('\n')
          .flatMap((line) => line.split(/\s+/)[2] ?? []),
      );
      if (text !== undefined) await writeFile(file, resolved(path, text));
      else if (stages.has('3') || stages.has('2')) git(world.dir, 'checkout', '--quiet', stages.has('3') ? '--theirs' : '--ours', '--', path);
      if (text === undefined && !stages.has('3') && !stages.has('2')) git(world.dir, 'rm', '--quiet', '--cached', '--', path);
      else git(world.dir, 'add', '--', path);
    }
    git(world.dir, 'commit', '--quiet', '--no-edit');
  }
  const marked: Record<string, string> = {};
  for (const [path, text] of filesAt(world.dir, 'HEAD')) if (path.endsWith('.md') && hasMarkers(text)) marked[path] = resolved(path, text);
  if (Object.keys(marked).length > 0) await commitFiles(world, marked, 'Resolve the platform edits');
  return true;
}

/**
 * A person resolves the conflicts on the platform-edits branch itself (a commit of theirs on it,
 * pushed), keeping both sides. The commit, or undefined when the tip holds no conflict.
 */
export async function resolveOnBranch(world: LawWorld): Promise<string | undefined> {
  const tip = branchTip(world);
  if (tip === undefined) return undefined;
  const marked = [...filesAt(world.remote, tip)].filter(([path, text]) => path.endsWith('.md') && hasMarkers(text));
  if (marked.length === 0) return undefined;
  const clone = await makeTempDir('docsync-law-clone-');
  git(clone, 'clone', '--quiet', '--branch', LAW_BRANCH, world.remote, '.');
  for (const [path, text] of marked) await writeFile(join(clone, 'docs', path), keepBothSides(text));
  git(clone, '-c', 'user.name=Reviewer', '-c', 'user.email=reviewer@example.com', 'commit', '--quiet', '-am', 'Resolve on the branch');
  git(clone, 'push', '--quiet', 'origin', LAW_BRANCH);
  await rm(clone, { recursive: true, force: true });
  return branchTip(world);
}
