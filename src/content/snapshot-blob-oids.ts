import { gitBlobOid } from './git/git-blob-oid.js';
import type { DocsSnapshot } from './gitbook/docs-snapshot.js';
import { fileLookup, type FileLookup, snapshotFileReader } from './snapshot-file-reader.js';
import type { TreeSource } from './tree-source.js';

/**
 * Blob ids known by the sha256 of the bytes they name (a kept read's, from an earlier run), and
 * those a read had to compute, for the next run to know.
 */
export interface BlobOidCache {
  readonly known: ReadonlyMap<string, string>;
  readonly learned: Map<string, string>;
}

/**
 * The git blob ids of files of a snapshot, by their path in the docs root: as the source knows them
 * when it can (a commit's tree: a 10,000-page commit is not read again to name its pages), else as
 * `cache` knows them for the same content (a working tree's unchanged files are not read again),
 * else the bytes the snapshot read, hashed (`SnapshotStaleError` when a file changed since), and
 * learned by the cache.
 */
export function snapshotBlobOids(
  snapshot: DocsSnapshot,
  source: TreeSource,
  cache?: BlobOidCache,
  fileOf: FileLookup = fileLookup(snapshot),
): (paths: readonly string[]) => Promise<Map<string, string>> {
  const read = snapshotFileReader(snapshot, source, fileOf);
  return async (paths) => {
    const files = paths.map((path) => {
      const file = fileOf(path);
      if (!file) throw new Error(`${path} is not part of the docs snapshot of ${snapshot.source}.`);
      return file;
    });
    const oids = new Map<string, string>();
    const fromSource = files.flatMap((file) => (file.bytes === undefined ? [file.sourcePath] : []));
    const known = source.blobOids !== undefined && fromSource.length > 0 ? await source.blobOids(fromSource) : new Map<string, string>();
    const unread = new Map<string, string>(); // path → sha256 of the bytes the snapshot read
    for (const file of files) {
      const oid =
        file.bytes !== undefined ? gitBlobOid(file.bytes) : (known.get(file.sourcePath) ?? cache?.known.get(file.hash) ?? cache?.learned.get(file.hash));
      if (oid === undefined) unread.set(file.path, file.hash);
      else oids.set(file.path, oid);
    }
    for await (const { path, bytes } of read([...unread.keys()])) {
      const oid = gitBlobOid(bytes);
      oids.set(path, oid);
      const hash = unread.get(path);
      if (hash !== undefined) cache?.learned.set(hash, oid);
    }
    return oids;
  };
}
