import type { SnapshotFile } from '../gitbook/docs-snapshot.js';
import { levelFor } from './zip-layout.js';
import { comparePaths } from '../compare-paths.js';

// Zip headers as the bundle writers lay them out: a local header (30 bytes) and a central directory
// entry (46 bytes) per file, each with the name; one end record (22 bytes).
const LOCAL = 30;
const CENTRAL = 46;
const END = 22;

/**
 * The most bytes a bundle of `files` can take: stored files exactly, deflated ones at their size plus
 * deflate's worst-case framing (5 bytes per 16 KiB block, never more than that for data it cannot shrink).
 * An upper bound, so a bundle under it is under any limit it is checked against.
 */
export function bundleSizeBound(files: readonly Pick<SnapshotFile, 'path' | 'size'>[]): number {
  let total = END;
  for (const file of files) {
    const name = Buffer.byteLength(file.path);
    const framing = levelFor(file.path, 6) === 0 ? 0 : 5 * Math.ceil((file.size + 1) / 16_384) + 8;
    total += LOCAL + CENTRAL + 2 * name + file.size + framing;
  }
  return total;
}

/** The `count` largest files, biggest first (ties by path, so the order is stable). */
export function largestFiles<T extends Pick<SnapshotFile, 'path' | 'size'>>(files: readonly T[], count: number): T[] {
  return [...files].sort((a, b) => b.size - a.size || comparePaths(a.path, b.path)).slice(0, count);
}
