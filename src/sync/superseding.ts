import { SnapshotStaleError } from '../content/errors/snapshot-stale-error.js';
import { SupersededError } from './errors/superseded-error.js';
import type { PreparedContent } from './prepared-content.js';

/**
 * Runs a step that reads the docs again: a file no longer as the snapshot read it means a newer edit
 * owns the target, so the sync stops before any write and the newest docs are synced next.
 */
export async function superseding<T>(target: string, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (!(error instanceof SnapshotStaleError)) throw error;
    throw new SupersededError(`${error.path} changed while the docs of ${target} were read; this sync wrote nothing, the next one carries the newest docs`, {
      cause: error,
    });
  }
}

/** Reads the docs again: content other than what was just imported means this import is not the newest. */
export async function confirmNewest(read: () => Promise<PreparedContent>, imported: string, target: string): Promise<void> {
  const newest = (await read()).contentHash;
  if (newest !== imported) {
    throw new SupersededError(
      `the docs of ${target} changed while they were imported (${imported.slice(0, 12)} imported, ${newest.slice(0, 12)} now); syncing the newest again`,
    );
  }
}
