import { createHash, randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { rm } from 'node:fs/promises';
import { bundleSizeBound, largestFiles } from '../content/bundle-size.js';
import type { Deflater } from '../content/deflate-pool.js';
import { DeflatedEntryCache } from '../content/deflated-entry-cache.js';
import { BundleTooLargeError } from '../content/errors/bundle-too-large-error.js';
import { contentHash } from '../content/content-hash.js';
import type { DocsSnapshot, PageNode, SnapshotFile } from '../content/docs-snapshot.js';
import { snapshotFileReader } from '../content/snapshot-file-reader.js';
import { GitRefSource } from '../content/git-ref-source.js';
import { HashCache } from '../content/hash-cache.js';
import { readDocsRepo } from '../content/read-docs-repo.js';
import { ReadMemo } from '../content/read-memo.js';
import type { TreeSource } from '../content/tree-source.js';
import { WorktreeJournal } from '../content/worktree-journal.js';
import { WorktreeSource } from '../content/worktree-source.js';
import { type BundleFile, writeBundle } from '../content/write-bundle.js';
import type { SpaceTarget } from '../config/config-schema.js';
import type { PreparedContent } from './prepared-content.js';

export interface PrepareOptions {
  /** Folder for per-target caches (file hashes, deflated entries); none means memory only. */
  cacheDir?: string | undefined;
  /** Deflates big bundles off the event loop. Default: a pool per bundle. */
  deflater?: Deflater | undefined;
  /** Where bundle files are written. Default: the system's temp folder. */
  bundleDir?: string | undefined;
  /**
   * Keep a change journal of each worktree target (a watch per folder), so a later read stats only
   * what changed: for long-lived processes. Default false.
   */
  journal?: boolean | undefined;
}

/** Reads and bundles one target's docs; `signal` ends the git processes it runs. */
export type PrepareContent = (target: SpaceTarget, options?: { signal?: AbortSignal | undefined }) => Promise<PreparedContent>;

interface TargetCaches {
  readonly hashes: HashCache;
  readonly entries: DeflatedEntryCache;
  readonly memo: ReadMemo;
}

/**
 * Reads a target's docs from its source (working tree or a git ref), hashes them through the
 * per-target cache, and defers zipping until an import needs it. Each target's caches are loaded once
 * and kept, so a daemon's next sync of the same target reads and deflates only what changed.
 */
export function createContentPreparer(options: PrepareOptions = {}): PrepareContent {
  const caches = new Map<string, Promise<TargetCaches>>();
  const journals = new Map<string, WorktreeJournal>();
  const journalOf = (target: SpaceTarget): WorktreeJournal | undefined => {
    if (options.journal !== true) return undefined;
    const directory = resolve(target.directory);
    let journal = journals.get(target.name);
    if (journal?.directory !== directory) {
      journal?.close();
      journal = new WorktreeJournal(directory);
      journals.set(target.name, journal);
    }
    return journal;
  };
  const cachesOf = (name: string): Promise<TargetCaches> => {
    let found = caches.get(name);
    if (found === undefined) {
      found = loadCaches(options.cacheDir, name);
      found.catch(() => caches.delete(name));
      caches.set(name, found);
    }
    return found;
  };
  return async (target, read = {}) => {
    const { hashes, entries, memo } = await cachesOf(target.name);
    const gitSource = target.source === 'worktree' ? undefined : await GitRefSource.open(target.directory, target.source, read);
    const source: TreeSource = gitSource ?? new WorktreeSource(target.directory, { journal: journalOf(target) });
    const snapshot = await readDocsRepo(source, { cache: hashes, assets: target.assets, memo });
    hashes.prune(); // files deleted since the last read
    await hashes.save({ minChanges: onePercentOf(hashes.size) });
    const commit = gitSource ? await gitSource.headCommit() : undefined;
    return prepared(snapshot, source, commit ? { oid: commit.oid, subject: commit.subject } : undefined, entries, options);
  };
}

/** What a sync reads of one snapshot, with its bundle written on demand. */
function prepared(snapshot: DocsSnapshot, source: TreeSource, commit: PreparedContent['commit'], entries: DeflatedEntryCache, options: PrepareOptions): PreparedContent {
  const bundle = async (): Promise<BundleFile> => {
    const file = join(options.bundleDir ?? tmpdir(), `docsync-bundle-${randomUUID()}.zip`);
    const written = await writeBundle(snapshot, source, file, { cache: entries, deflater: options.deflater });
    entries.prune(); // content no longer in the bundle
    await entries.save({ minChanges: onePercentOf(entries.size) });
    return written;
  };
  return {
    contentHash: snapshot.contentHash,
    pageCount: countPages(snapshot),
    warnings: [...snapshot.warnings],
    commit,
    snapshot,
    bundle,
    checkImportSize: async (maxBytes) => {
      if (bundleSizeBound(snapshot.files) <= maxBytes) return;
      // A close call: the real zip decides (its deflated entries are cached for the import's own bundle).
      const written = await bundle();
      await rm(written.path, { force: true });
      if (written.size > maxBytes) throw new BundleTooLargeError(snapshot.source, written.size, maxBytes, largestFiles(snapshot.files, 5));
    },
    // The bytes the snapshot hashed, or none: what is expected of an import must be what it bundles.
    readMany: snapshotFileReader(snapshot, source),
    layOver: (pages) => prepared(laidOver(snapshot, pages), source, commit, entries, options),
  };
}

/** The snapshot with these pages' files holding the given text instead of the source's bytes. */
function laidOver(snapshot: DocsSnapshot, pages: ReadonlyMap<string, string>): DocsSnapshot {
  const encoder = new TextEncoder();
  const files = snapshot.files.map((file): SnapshotFile => {
    const text = pages.get(file.path);
    if (text === undefined) return file;
    const bytes = encoder.encode(text);
    return { path: file.path, size: bytes.byteLength, hash: createHash('sha256').update(bytes).digest('hex'), bytes };
  });
  return { ...snapshot, files, contentHash: contentHash(files) };
}

/**
 * Both caches are rewritten once 1% of their entries changed: after a one-page edit of 10,000 pages,
 * rewriting them (the entry cache alone is 2.4 MB) cost more than many steps of the edit; a file a few
 * entries behind only costs the next process a few reads and deflates.
 */
function onePercentOf(size: number): number {
  return Math.ceil(size / 100);
}

async function loadCaches(cacheDir: string | undefined, name: string): Promise<TargetCaches> {
  if (cacheDir === undefined) return { hashes: HashCache.inMemory(), entries: DeflatedEntryCache.inMemory(), memo: new ReadMemo() };
  const [hashes, entries] = await Promise.all([HashCache.load(join(cacheDir, `${name}.json`)), DeflatedEntryCache.load(join(cacheDir, `${name}.entries`))]);
  return { hashes, entries, memo: new ReadMemo() };
}

function countPages(snapshot: DocsSnapshot): number {
  const count = (pages: readonly PageNode[]): number => pages.reduce((n, page) => n + 1 + count(page.children), 0);
  return snapshot.pages.reduce((n, group) => n + count(group.pages), 0);
}
