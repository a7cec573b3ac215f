import type { DocsSnapshot, SnapshotFile } from '../gitbook/docs-snapshot.js';
import { SnapshotStaleError } from '../errors/snapshot-stale-error.js';
import { gitBlobOid } from '../git/git-blob-oid.js';
import type { TreeSource } from '../tree-source.js';

/**
 * The bytes of every snapshot file, in the snapshot's (sorted) order, each checked against the blob
 * oid the snapshot recorded: a tree that changed since the read gives `SnapshotStaleError`, never a
 * bundle whose content differs from its content hash.
 */
export async function* bundleContents(snapshot: DocsSnapshot, source: TreeSource): AsyncGenerator<{ file: SnapshotFile; bytes: Uint8Array }> {
  const wanted = snapshot.files.flatMap((file) => (file.sourcePath === undefined ? [] : [file.sourcePath]));
  const reads = source.readMany(wanted)[Symbol.asyncIterator]();
  const early = new Map<string, Uint8Array>(); // sources may yield out of order; ours do not
  try {
    for (const file of snapshot.files) {
      if (file.sourcePath === undefined) {
        yield { file, bytes: file.bytes };
        continue;
      }
      let bytes = early.get(file.sourcePath);
      while (bytes === undefined) {
        const next = await reads.next();
        if (next.done === true) throw new SnapshotStaleError(source.label, file.sourcePath);
        if (next.value.path === file.sourcePath) bytes = next.value.bytes;
        else early.set(next.value.path, next.value.bytes);
      }
      early.delete(file.sourcePath);
      if (gitBlobOid(bytes) !== file.oid) throw new SnapshotStaleError(source.label, file.sourcePath);
      yield { file, bytes };
    }
  } finally {
    await reads.return?.(); // stops a `git cat-file` process when we stop early
  }
}
