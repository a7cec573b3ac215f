import { createHash } from 'node:crypto';
import { comparePaths } from './compare-paths.js';

/**
 * sha256 over the sorted `(path, file hash)` list. Versioned, and NUL/LF-separated so no two lists
 * serialise alike.
 */
export function contentHash(files: readonly { readonly path: string; readonly hash: string }[]): string {
  const hash = createHash('sha256').update('docsync-content-v1\n');
  // Fed in pieces of about 64 KiB: one update per file (10,000 calls into the hash) cost more than the hashing.
  let piece = '';
  // A snapshot's files come sorted: checked in one pass, sorted (a copy) only when they are not.
  const sorted = files.every((file, index) => index === 0 || comparePaths(files[index - 1]?.path ?? '', file.path) <= 0);
  for (const file of sorted ? files : [...files].sort((a, b) => comparePaths(a.path, b.path))) {
    piece += `${file.path}\0${file.hash}\n`;
    if (piece.length >= 65_536) {
      hash.update(piece);
      piece = '';
    }
  }
  return hash.update(piece).digest('hex');
}
