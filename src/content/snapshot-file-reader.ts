import type { DocsSnapshot, SnapshotFile } from './gitbook/docs-snapshot.js';
import { gitBlobOid } from './git/git-blob-oid.js';
import { SnapshotStaleError } from './errors/snapshot-stale-error.js';
import type { FileBytes, TreeSource } from './tree-source.js';

/**
 * Reads files of a snapshot by their path in the docs root, from the source it was read from, in any
 * order. The bytes whose blob oid the snapshot holds, or none: a file that changed since is a `SnapshotStaleError`,
 * so what is sent is always what was planned.
 */
export function snapshotFileReader(
  snapshot: DocsSnapshot,
  source: TreeSource,
  fileOf: FileLookup = fileLookup(snapshot),
): (paths: readonly string[]) => AsyncIterable<FileBytes> {
  return async function* (paths) {
    const fromSource = new Map<string, SnapshotFile>();
    for (const path of paths) {
      const file = fileOf(path);
      if (!file) throw new Error(`${path} is not part of the docs snapshot of ${snapshot.source}.`);
      if (file.bytes) yield { path, bytes: file.bytes };
      else fromSource.set(file.sourcePath, file);
    }
    for await (const read of source.readMany([...fromSource.keys()])) {
      const file = fromSource.get(read.path);
      if (file === undefined) continue;
      if (gitBlobOid(read.bytes) !== file.oid) throw new SnapshotStaleError(snapshot.source, file.path);
      yield { path: file.path, bytes: read.bytes };
    }
  };
}

/** Finds a file of a snapshot by its path in the docs root. */
export type FileLookup = (path: string) => SnapshotFile | undefined;

/** A lookup through the snapshot's files, indexed on first use (most syncs never read pages back). */
export function fileLookup(snapshot: DocsSnapshot): FileLookup {
  let byPath: Map<string, SnapshotFile> | undefined;
  return (path) => {
    byPath ??= new Map(snapshot.files.map((file) => [file.path, file]));
    return byPath.get(path);
  };
}
