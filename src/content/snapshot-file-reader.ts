import { createHash } from 'node:crypto';
import type { DocsSnapshot, SnapshotFile } from './docs-snapshot.js';
import { SnapshotStaleError } from './errors/snapshot-stale-error.js';
import type { FileBytes, TreeSource } from './tree-source.js';

/**
 * Reads files of a snapshot by their path in the docs root, from the source it was read from, in any
 * order. The bytes the snapshot hashed, or none: a file that changed since is a `SnapshotStaleError`,
 * so what is sent is always what was planned.
 */
export function snapshotFileReader(snapshot: DocsSnapshot, source: TreeSource): (paths: readonly string[]) => AsyncIterable<FileBytes> {
  let byPath: Map<string, SnapshotFile> | undefined; // built on first use: most syncs never read pages back
  return async function* (paths) {
    const fromSource = new Map<string, SnapshotFile>();
    byPath ??= new Map(snapshot.files.map((file) => [file.path, file]));
    for (const path of paths) {
      const file = byPath.get(path);
      if (!file) throw new Error(`${path} is not part of the docs snapshot of ${snapshot.source}.`);
      if (file.bytes) yield { path, bytes: file.bytes };
      else fromSource.set(file.sourcePath, file);
    }
    for await (const read of source.readMany([...fromSource.keys()])) {
      const file = fromSource.get(read.path);
      if (file === undefined) continue;
      if (createHash('sha256').update(read.bytes).digest('hex') !== file.hash) throw new SnapshotStaleError(snapshot.source, file.path);
      yield { path: file.path, bytes: read.bytes };
    }
  };
}
