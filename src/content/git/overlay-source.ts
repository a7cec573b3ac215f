import { comparePaths } from '../compare-paths.js';
import { gitBlobOid } from './git-blob-oid.js';
import { SourceFileNotFoundError } from '../errors/source-file-not-found-error.js';
import type { FileBytes, TreeEntry, TreeSource } from '../tree-source.js';

/**
 * A tree source with some files (by path from its top) holding other bytes, added, or left out
 * (`null`): read as docs, it is the tree as it would be with those files written. Every other file
 * is the source's, read through it; an overlaid file's token is its blob oid marked as the overlay's,
 * so an earlier read never takes it for the source's file.
 */
export function overlaySource(source: TreeSource, files: ReadonlyMap<string, Uint8Array | null>): TreeSource {
  const own = (path: string): Uint8Array => {
    const bytes = files.get(path);
    if (bytes === null || bytes === undefined) throw new SourceFileNotFoundError(source.label, path);
    return bytes;
  };
  const split = (paths: readonly string[]): { mine: string[]; theirs: string[] } => ({
    mine: paths.filter((path) => files.has(path)),
    theirs: paths.filter((path) => !files.has(path)),
  });
  const overlay: TreeSource = {
    label: source.label,
    counter: source.counter,
    async list() {
      const kept = (await source.list()).filter((entry) => !files.has(entry.path));
      const added: TreeEntry[] = [...files].flatMap(([path, bytes]) => {
        if (bytes === null) return [];
        const oid = gitBlobOid(bytes);
        return [{ path, size: bytes.byteLength, token: `overlay:${oid}`, oid }];
      });
      return [...kept, ...added].sort((a, b) => comparePaths(a.path, b.path));
    },
    read: (path) => (files.has(path) ? Promise.resolve(own(path)) : source.read(path)),
    async *readMany(paths): AsyncIterable<FileBytes> {
      const { mine, theirs } = split(paths);
      for (const path of mine) yield { path, bytes: own(path) };
      if (theirs.length > 0) yield* source.readMany(theirs);
    },
  };
  if (source.hashMany !== undefined) {
    const hashMany = source.hashMany.bind(source);
    overlay.hashMany = async function* (paths) {
      const { mine, theirs } = split(paths);
      for (const path of mine) {
        const bytes = own(path);
        yield { path, size: bytes.byteLength, oid: gitBlobOid(bytes) };
      }
      if (theirs.length > 0) yield* hashMany(theirs);
    };
  }
  if (source.notAFile !== undefined) {
    const notAFile = source.notAFile.bind(source);
    overlay.notAFile = (path) => (files.has(path) ? undefined : notAFile(path));
  }
  if (source.readPieces !== undefined) {
    const readPieces = source.readPieces.bind(source);
    overlay.readPieces = async function* (path, buffer) {
      if (files.has(path)) yield own(path);
      else yield* readPieces(path, buffer);
    };
  }
  return overlay;
}
