import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { rm } from 'node:fs/promises';
import { bundleSizeBound, largestFiles } from '../content/bundle/bundle-size.js';
import type { Deflater } from '../content/bundle/deflate-pool.js';
import { DeflatedEntryCache } from '../content/cache/deflated-entry-cache.js';
import { BundleTooLargeError } from '../content/errors/bundle-too-large-error.js';
import type { DocsSnapshot, PageNode } from '../content/gitbook/docs-snapshot.js';
import { fileLookup, type FileLookup, snapshotFileReader } from '../content/snapshot-file-reader.js';
import { joinDocPath } from '../content/gitbook/doc-path.js';
import { overlaySource } from '../content/git/overlay-source.js';
import { docsStatus, type DocsStatus } from '../content/git/docs-status.js';
import { GitRefSource } from '../content/git/git-ref-source.js';
import { GitRepository } from '../content/git/git-repository.js';
import { uncommittedNotice } from '../content/git/uncommitted-notice.js';
import { keptFile, keptFiles, keptRead, keptSummaryTitle, type KeptRead } from '../content/cache/kept-read.js';
import { keptReadCommit, ReadLog } from '../content/cache/read-log.js';
import { OutlineMemo } from '../content/cache/outline-memo.js';
import type { ReadRecord } from '../content/cache/read-record.js';
import { KeptReadDamagedError } from '../content/errors/kept-read-damaged-error.js';
import { patchKeptRead, type PatchedRead } from '../content/cache/patch-kept-read.js';
import { readDocsRepo, type DerivedPage } from '../content/read-docs-repo.js';
import type { TreeEntry, TreeSource } from '../content/tree-source.js';
import { WorktreeSource } from '../content/git/worktree-source.js';
import { type BundleFile, writeBundle } from '../content/bundle/write-bundle.js';
import type { SpaceTarget } from '../config/config-schema.js';
import type { PreparedContent } from './prepared-content.js';

export interface PrepareOptions {
  /** Folder for per-target caches (the kept read, deflated entries); none means memory only. */
  cacheDir?: string | undefined;
  /** Deflates big bundles off the event loop. Default: a pool per bundle. */
  deflater?: Deflater | undefined;
  /** Where bundle files are written. Default: the system's temp folder. */
  bundleDir?: string | undefined;
  /**
   * For a long-lived process: each target's read kept is held in memory, so its next read loads
   * nothing from the cache folder, which it writes only when it found no read kept there. Default false.
   */
  longLived?: boolean | undefined;
}

/** Reads and bundles one target's docs; `signal` ends the git processes it runs. */
export type PrepareContent = (target: SpaceTarget, options?: { signal?: AbortSignal | undefined }) => Promise<PreparedContent>;

/**
 * Reads a target's docs from its source (working tree or a git ref) and defers zipping until an
 * import needs it. What changed since the read kept last (in `.docsync/`, or in memory in a
 * long-lived process) is git's to say: `git diff-tree` between the commits for a git ref, `git
 * status` for a worktree; only those files are read again. A whole read (the first, or after a change
 * that reaches the table of contents) reads only the files whose change token differs from the kept
 * read's.
 */
export function createContentPreparer(options: PrepareOptions = {}): PrepareContent {
  const entryCaches = new Map<string, Promise<DeflatedEntryCache>>();
  const entriesOf = (name: string): Promise<DeflatedEntryCache> => {
    let found = entryCaches.get(name);
    if (found === undefined) {
      found =
        options.cacheDir === undefined ? Promise.resolve(DeflatedEntryCache.inMemory()) : DeflatedEntryCache.load(join(options.cacheDir, `${name}.entries`));
      found.catch(() => entryCaches.delete(name));
      entryCaches.set(name, found);
    }
    return found;
  };
  /** A long-lived process's last read kept of each target, by name. */
  const lastReads = new Map<string, KeptRead>();
  /** A long-lived process's last outline of each target, by name: a one-shot run builds it once anyway. */
  const outlines = new Map<string, OutlineMemo>();
  return async (target, git = {}) => {
    const worktree = target.source === 'worktree' ? new WorktreeSource(target.directory) : undefined;
    let readLog = options.cacheDir === undefined ? undefined : new ReadLog(join(options.cacheDir, `${target.name}.read`));
    const remembered = lastReads.get(target.name);
    let memo = outlines.get(target.name);
    if (memo === undefined && options.longLived === true) outlines.set(target.name, (memo = new OutlineMemo()));
    const keeps = readLog !== undefined || options.longLived === true;
    const key = JSON.stringify([target.source, resolve(target.directory), target.assets, worktree?.ignoreKey ?? null]);
    const opening: Promise<WorktreeSource | GitRefSource> =
      worktree !== undefined ? Promise.resolve(worktree) : GitRefSource.open(target.directory, target.source, git);
    opening.catch(() => undefined);
    // HEAD skips the worktree's edits: git's status of the docs folder says when there are some, beside the read.
    const uncommitted = target.source === 'HEAD' ? uncommittedNotice(target.directory, git.signal) : Promise.resolve(undefined);
    uncommitted.catch(() => undefined);
    // For a git source, git is asked what changed since the kept commit as soon as the kept read's
    // last line names it, while the rest loads (its process forks before the heap has grown).
    const keptCommit =
      remembered !== undefined
        ? Promise.resolve(remembered.key === key ? remembered.commit : undefined)
        : readLog === undefined
          ? undefined
          : keptReadCommit(readLog.file);
    const early = keptCommit === undefined || worktree !== undefined ? undefined : earlyChanges(keptCommit, opening);
    // Loaded under any key: what it derived from each file's bytes holds whatever the options.
    const loading = remembered !== undefined ? Promise.resolve(remembered) : readLog === undefined ? Promise.resolve(undefined) : readLog.load();
    loading.catch(() => undefined);
    // A kept worktree read is brought up to date from git's status (another process, beside the load).
    const statusing = worktree !== undefined && keeps ? docsStatus(worktree.directory, git.signal) : Promise.resolve(undefined);
    statusing.catch(() => undefined);
    const source = await opening;
    const gitSource = source instanceof GitRefSource ? source : undefined;
    // The commit's subject comes through the process that reads the changed files.
    const heading = gitSource?.headCommit();
    heading?.catch(() => undefined);
    let loaded = await loading;
    const status = await statusing;
    const patched = await patchUnlessDamaged(loaded?.key === key ? loaded : undefined, source, status, await early);
    // A record of the kept read that failed its check when used makes it no kept read: it only saves time.
    if (patched === 'damaged') {
      readLog?.discard();
      loaded = undefined;
    }
    const kept = loaded?.key === key ? loaded : undefined;
    // The read as the next one starts from: the patched read, or the whole read as records.
    let read: KeptRead;
    let changed: PreparedContent['changed'];
    if (kept !== undefined && patched !== undefined && patched !== 'damaged') {
      read = patched.kept;
      changed = { since: kept.snapshot.contentHash, files: patched.changed };
    } else {
      let derived: { listing: readonly TreeEntry[]; pages: ReadonlyMap<string, DerivedPage> } = { listing: [], pages: new Map() };
      // Git's status holds for this listing when taken just before it (see `KeptRead.status`).
      const listedAfter = status !== undefined && Date.now() - status.startedAt < STATUS_HOLDS_MS ? status : undefined;
      const snapshot = await readDocsRepo(source, {
        known: loaded === undefined ? undefined : keptFiles(loaded),
        assets: target.assets,
        outlines: memo,
        derived: (found) => (derived = found),
      });
      read = keptRead({ key, commit: gitSource?.commit, listing: derived.listing, status: statusOf(listedAfter), snapshot, pages: derived.pages });
    }
    const { snapshot } = read;
    const headCommit = await heading;
    const unchanged = patched !== 'damaged' && patched?.modified === 0 && patched.kept.commit === kept?.commit && changed?.files.length === 0;
    // Other text laid over the docs is read as docs again: its pages' metadata and the table of contents follow it.
    const known = keptFiles(read);
    const readAgain = (overlay: TreeSource): Promise<DocsSnapshot> => readDocsRepo(overlay, { known, assets: target.assets, outlines: memo });
    const keep = async (): Promise<void> => {
      if (!keeps || unchanged) return;
      if (options.longLived === true) lastReads.set(target.name, read);
      // A long-lived process writes it only when it found none to use: appending to it would load the
      // file each time; git brings any kept read up to date, however old, for the next process.
      const log = readLog;
      // Let go once written: the log holds what it wrote (a whole read's file and page tree, 15 MB
      // at 30,000 pages) for later writes, and this read is kept once, before the sync's writes.
      readLog = undefined;
      if (log !== undefined && (options.longLived !== true || kept === undefined)) await log.save(read);
    };
    // The read's repository when it asked git (both opened the target's folder), else opened once when first asked.
    let repository: Promise<GitRepository> | undefined;
    const opened = gitSource?.repository ?? status?.repository;
    const repositoryOf = (): Promise<GitRepository> =>
      (repository ??= opened !== undefined ? Promise.resolve(opened) : GitRepository.open(target.directory, { signal: git.signal }));
    const content = prepared(
      snapshot,
      keptView(read),
      source,
      headCommit ? { oid: headCommit.oid, subject: headCommit.subject } : undefined,
      () => entriesOf(target.name),
      options,
      {
        readAgain,
        checkedOut: status?.head,
        changed,
        keep,
        repository: repositoryOf,
      },
    );
    const notice = await uncommitted;
    if (notice !== undefined) content.warnings.push(notice);
    return content;
  };
}

/** What a sync reads of one snapshot, with its bundle written on demand (the entry cache loaded only then). */
function prepared(
  snapshot: DocsSnapshot,
  view: SnapshotView,
  source: TreeSource,
  commit: PreparedContent['commit'],
  entriesOf: () => Promise<DeflatedEntryCache>,
  options: PrepareOptions,
  read: Pick<PreparedContent, 'changed' | 'keep' | 'checkedOut' | 'repository'> & {
    readAgain: (source: TreeSource) => Promise<DocsSnapshot>;
  },
): PreparedContent {
  const { fileOf } = view;
  const bundle = async (): Promise<BundleFile> => {
    const entries = await entriesOf();
    const file = join(options.bundleDir ?? tmpdir(), `docsync-bundle-${randomUUID()}.zip`);
    const written = await writeBundle(snapshot, source, file, { cache: entries, deflater: options.deflater });
    entries.prune(); // content no longer in the bundle
    await entries.save({ minChanges: onePercentOf(entries.size) });
    return written;
  };
  return {
    contentHash: snapshot.contentHash,
    pageCount: view.pageCount,
    summaryTitle: view.summaryTitle,
    layoutKey: view.layoutKey,
    warnings: [...snapshot.warnings],
    commit,
    checkedOut: read.checkedOut,
    snapshot,
    changed: read.changed,
    keep: read.keep,
    repository: read.repository,
    bundle,
    checkImportSize: async (maxBytes) => {
      if (bundleSizeBound(snapshot.files) <= maxBytes) return;
      // A close call: the real zip decides (its deflated entries are cached for the import's own bundle).
      const written = await bundle();
      await rm(written.path, { force: true });
      if (written.size > maxBytes) throw new BundleTooLargeError(snapshot.source, written.size, maxBytes, largestFiles(snapshot.files, 5));
    },
    // The bytes whose blob oids the snapshot holds, or none: what is expected of an import must be what it bundles.
    readMany: snapshotFileReader(snapshot, source, fileOf),
    // Other text than the read's: planned whole, and the read kept is still git's.
    layOver: async (pages) => {
      const encoder = new TextEncoder();
      const files = new Map([...pages].map(([path, text]) => [joinDocPath(snapshot.root, path), text === null ? null : encoder.encode(text)]));
      const overlay = overlaySource(source, files);
      const again = await read.readAgain(overlay);
      return prepared(again, snapshotView(again), overlay, commit, entriesOf, options, { ...read, changed: undefined });
    },
  };
}

/**
 * The kept read brought up to date, reading only what changed since it: for a git source, the files
 * `git diff-tree` names between the kept commit and this one; for a worktree, the files whose size
 * or mtime differ from the kept listing (or too recent to trust), with how many files' change tokens
 * differ. Undefined when a file was added or removed, or the change reaches beyond content (see
 * {@link patchKeptRead}): a whole read decides.
 */
async function patchRead(
  kept: KeptRead,
  source: GitRefSource | WorktreeSource,
  status: DocsStatus | undefined,
  early: EarlyChanges | undefined,
): Promise<(PatchedRead & { readonly modified: number }) | undefined> {
  if (source instanceof GitRefSource) {
    if (kept.commit === undefined) return undefined;
    const changes = early?.commit === kept.commit ? await early.changes : kept.commit === source.commit ? [] : await source.changedSince(kept.commit);
    if (changes === undefined || changes.some((change) => change.status !== 'M' || change.link)) return undefined;
    const updates: [string, ReadRecord][] = [];
    for (const change of changes) {
      const before = kept.records.get(change.path);
      // A changed file the kept listing does not hold was added: a whole read decides.
      if (before === undefined) return undefined;
      updates.push([change.path, { ...before, token: change.token }]);
    }
    const records = kept.records.with(updates);
    source.assumeListing(records);
    const patched = await patchKeptRead(
      kept,
      source,
      { commit: source.commit, records, untrusted: [] },
      updates.map(([path]) => path),
    );
    return patched && { ...patched, modified: updates.length };
  }
  const now = await worktreeChanges(kept, source, status);
  if (now === undefined) return undefined;
  const patched = await patchKeptRead(kept, source, { ...now, commit: kept.commit }, now.modified);
  // The whole read that follows lists what git's status (or a listing) just brought up to date.
  if (patched === undefined) source.assumeListing([...now.records].map(([path, file]) => ({ path, size: file.size, token: file.token })));
  return patched && { ...patched, kept: { ...patched.kept, status: statusOf(status) }, modified: now.modified.length };
}

/** {@link patchRead}, or `damaged` when a record it used failed its check. */
async function patchUnlessDamaged(
  kept: KeptRead | undefined,
  ...rest: [GitRefSource | WorktreeSource, DocsStatus | undefined, EarlyChanges | undefined]
): Promise<Awaited<ReturnType<typeof patchRead>> | 'damaged'> {
  try {
    return kept && (await patchRead(kept, ...rest));
  } catch (error) {
    if (error instanceof KeptReadDamagedError) return 'damaged';
    throw error;
  }
}

/** What git said changed since a kept read's commit, asked before the kept read was checked. */
interface EarlyChanges {
  readonly commit: string;
  readonly changes: ReturnType<GitRefSource['changedSince']>;
}

function earlyChanges(commit: Promise<string | undefined>, opening: Promise<WorktreeSource | GitRefSource>): Promise<EarlyChanges | undefined> {
  const asking = commit.then((kept) => {
    if (kept === undefined) return undefined;
    const changes = opening.then((source) => (!(source instanceof GitRefSource) || source.commit === kept ? [] : source.changedSince(kept)));
    changes.catch(() => undefined);
    return { commit: kept, changes };
  });
  asking.catch(() => undefined);
  return asking;
}

/** How long after git's status a full listing may start and still be brought up to date by the next status. */
const STATUS_HOLDS_MS = 1000;

/**
 * The kept listing brought up to date, and the files whose change token differs (or cannot be
 * trusted): from git's status when it can tell, stat'ing only the files it named then and names now,
 * those the checked-out commit's move changed and those too recent to trust last time; else from a
 * listing of every file. The kept read's key holds the ignore rule: the files it listed are not
 * ignored now either. Undefined when a file was added or removed: a whole read decides.
 */
async function worktreeChanges(
  kept: KeptRead,
  source: WorktreeSource,
  status: DocsStatus | undefined,
): Promise<(Pick<KeptRead, 'records' | 'untrusted'> & { readonly modified: readonly string[] }) | undefined> {
  const paths = await statusPaths(kept, status);
  if (paths === undefined || status === undefined) {
    const listing = await source.list({ listed: new Set(kept.records.keys()) });
    if (listing.length !== kept.records.size) return undefined;
    const modified: [string, ReadRecord][] = [];
    let index = 0;
    for (const [path, before] of kept.records) {
      const now = listing[index++];
      if (now === undefined || now.path !== path) return undefined;
      if (now.token === undefined || now.token !== before.token) modified.push([path, listed(before, now)]);
    }
    return {
      records: kept.records.with(modified),
      untrusted: listing.flatMap((entry) => (entry.token === undefined ? [entry.path] : [])),
      modified: modified.map(([path]) => path),
    };
  }
  const { files, gone } = await source.restat([...paths, ...kept.untrusted], status.startedAt);
  for (const path of gone) {
    if ((kept.records.has(path) && !files.has(path)) || kept.records.keysUnder(path).some((under) => !files.has(under))) return undefined;
  }
  const modified: [string, ReadRecord][] = [];
  for (const [path, entry] of files) {
    const before = kept.records.get(path);
    if (before === undefined) return undefined;
    if (entry.token === undefined || entry.token !== before.token) modified.push([path, listed(before, entry)]);
  }
  return {
    records: kept.records.with(modified),
    untrusted: [...files.values()].flatMap((entry) => (entry.token === undefined ? [entry.path] : [])),
    modified: modified.map(([path]) => path),
  };
}

/**
 * What git says may differ from the kept listing: the files it named then and names now, and those
 * the checked-out commit's move changed. Undefined when git cannot say (not a work tree, no status
 * kept, the earlier commit gone): every file is stat'ed instead.
 */
async function statusPaths(kept: KeptRead, status: DocsStatus | undefined): Promise<Set<string> | undefined> {
  if (status === undefined || kept.status === undefined) return undefined;
  const paths = new Set([...kept.status.paths, ...status.paths]);
  if (kept.status.head !== status.head) {
    if (kept.status.head === undefined || status.head === undefined) return undefined;
    const moved = await status.repository.changedFiles(kept.status.head, status.head, status.repository.prefix);
    if (moved === undefined) return undefined;
    for (const change of moved) paths.add(change.path);
  }
  return paths;
}

/** A kept file's record with the listing's size and token now (what else it holds is its content's, read again when it changed). */
function listed(record: ReadRecord, entry: Pick<TreeEntry, 'size' | 'token'>): ReadRecord {
  const { token: _token, ...rest } = record;
  return entry.token === undefined ? { ...rest, size: entry.size } : { ...rest, size: entry.size, token: entry.token };
}

function statusOf(status: DocsStatus | undefined): KeptRead['status'] {
  return status === undefined ? undefined : { head: status.head, paths: status.paths };
}

/** What a sync asks of a snapshot beyond its content: its page count, and a file by its path in the docs root. */
interface SnapshotView {
  readonly pageCount: number;
  readonly fileOf: FileLookup;
  readonly summaryTitle?: (path: string) => string | undefined;
  readonly layoutKey?: () => string;
}

/** Through the kept read's records: a one-page edit's reads decode none of the others. */
function keptView(read: KeptRead): SnapshotView {
  return {
    pageCount: read.pageCount,
    fileOf: (path) => keptFile(read, path),
    summaryTitle: (path) => keptSummaryTitle(read, path),
    layoutKey: () => read.tree.layoutKey(),
  };
}

/** Through the snapshot read whole: no tables are made where no read is kept (a long-lived process). */
function snapshotView(snapshot: DocsSnapshot): SnapshotView {
  const count = (pages: readonly PageNode[]): number => pages.reduce((n, page) => n + 1 + count(page.children), 0);
  return { pageCount: snapshot.pages.reduce((n, group) => n + count(group.pages), 0), fileOf: fileLookup(snapshot) };
}

/**
 * The entry cache is rewritten once 1% of its entries changed: after a one-page edit of a large tree,
 * rewriting them whole cost more than many steps of the edit; a file a few
 * entries behind only costs the next process a few reads and deflates.
 */
function onePercentOf(size: number): number {
  return Math.ceil(size / 100);
}
