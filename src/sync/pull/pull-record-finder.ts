import type { Page } from '../../api/schemas/content.js';
import type { ApiClient } from '../../api/api-client.js';
import type { SpaceTarget } from '../../config/config-schema.js';
import { findSyncedBase } from '../platform-edits/find-synced-base.js';
import { pullRecordFromBase } from './pull-record-from-base.js';
import type { PullRecord } from './pull-record.js';

/**
 * For a pull without docsync's state: its record of the space, rebuilt for a page tree from the
 * commit the target's last merged change request records (see {@link findSyncedBase}); undefined
 * when none records one or git lacks that commit, and the pull lays the space out as GitBook's export.
 */
export function pullRecordFinder(
  api: Pick<ApiClient, 'changeRequests'>,
  target: Pick<SpaceTarget, 'name' | 'spaceId' | 'directory' | 'groups'>,
): (tree: readonly Page[]) => Promise<PullRecord | undefined> {
  return async (tree) => {
    const base = await findSyncedBase(api, target, tree);
    return base === undefined ? undefined : pullRecordFromBase(tree, base);
  };
}
