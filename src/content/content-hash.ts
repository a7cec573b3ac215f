import { createHash } from 'node:crypto';
import { comparePaths } from './compare-paths.js';

/**
 * sha256 over the sorted `(path, file hash)` list. Versioned, and NUL/LF-separated so no two lists
 * serialise alike.
 */
export function contentHash(files: readonly { readonly path: string; readonly hash: string }[]): string {
  const hash = createHash('sha256').update('docsync-content-v1\n');
  for (const file of [...files].sort((a, b) => comparePaths(a.path, b.path))) hash.update(`${file.path}\0${file.hash}\n`);
  return hash.digest('hex');
}
