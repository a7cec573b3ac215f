import path from 'node:path';
import type { SpaceTarget } from '../../config/config-schema.js';
import type { LoadedConfig } from '../../config/load-config.js';
import type { TargetState } from '../../state/state-store.js';

/** The configured space target that syncs `spaceId` from `directory`, if any. */
export function findPullTarget(loaded: LoadedConfig, spaceId: string, directory: string): SpaceTarget | undefined {
  const wanted = path.resolve(directory);
  return loaded.config.spaces.find((t) => t.spaceId === spaceId && path.resolve(loaded.baseDir, t.directory) === wanted);
}

/**
 * State after a pull: the space already holds exactly this content, so the next sync must see it as
 * synced. Any change request remembered before is dropped: its content is older than main's, and a
 * later sync finds docsync's open one through the API if there is one.
 */
export function pulledState(contentHash: string, now: Date): TargetState {
  return { lastHash: contentHash, reviewersRequested: [], syncedAt: now.toISOString() };
}
