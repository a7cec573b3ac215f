import { createHash } from 'node:crypto';
import { zipSync, type Zippable } from 'fflate';
import { bundleContents } from './bundle-contents.js';
import type { DocsSnapshot } from '../gitbook/docs-snapshot.js';
import type { TreeSource } from '../tree-source.js';
import { DEFAULT_LEVEL, type DeflateLevel, FIXED_MTIME, levelFor } from './zip-layout.js';

/** A file in the bundle. */
export interface BundleEntry {
  /** Path in the zip, relative to the docs root. */
  readonly path: string;
  readonly size: number;
  /** The git blob oid of the bytes. */
  readonly oid: string;
}

/** A deterministic zip of a docs snapshot, in GitBook's git-sync layout. */
export interface Bundle {
  readonly bytes: Uint8Array;
  /** The snapshot's content hash: what is inside, independent of the zip encoding. */
  readonly contentHash: string;
  /** sha256 of `bytes`, hex. */
  readonly bytesHash: string;
  readonly entries: readonly BundleEntry[];
}

/** Options of {@link createBundle}. */
export interface CreateBundleOptions {
  /** Deflate level for compressible files, 1-9. Default 6. Images, archives and PDFs are stored. */
  readonly level?: Exclude<DeflateLevel, 0>;
}

/**
 * Zips the snapshot's files with fflate's `zipSync`: entries sorted by path, fixed mtime, fixed
 * levels, no extra fields or comments, so the same tree gives the same bytes. Holds every file in
 * memory at once; `writeBundle` writes the same bytes to a file, deflating only what its cache lacks.
 * Throws `SnapshotStaleError` when a file changed since the snapshot was read.
 */
export async function createBundle(snapshot: DocsSnapshot, source: TreeSource, options: CreateBundleOptions = {}): Promise<Bundle> {
  const level = options.level ?? DEFAULT_LEVEL;
  // zipSync writes entries in key insertion order, and snapshot.files is sorted. (Keys that look like
  // array indexes, e.g. a top-level file named `12`, would come first: still deterministic.)
  const zippable: Zippable = {};
  for await (const { file, bytes } of bundleContents(snapshot, source)) {
    zippable[file.path] = [bytes, { level: levelFor(file.path, level), mtime: FIXED_MTIME }];
  }
  const bytes = zipSync(zippable, { mtime: FIXED_MTIME });
  return {
    bytes,
    contentHash: snapshot.contentHash,
    bytesHash: createHash('sha256').update(bytes).digest('hex'),
    entries: snapshot.files.map(({ path, size, oid }) => ({ path, size, oid })),
  };
}
