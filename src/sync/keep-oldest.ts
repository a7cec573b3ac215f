import type { ApiClient } from '../api/api-client.js';
import type { ChangeRequest } from '../api/schemas/change-request.js';
import type { SpaceTarget } from '../config/config-schema.js';
import type { Logger } from '../logging/logger.js';
import { listDocsyncChangeRequests } from './find-docsync-change-request.js';

/**
 * Two runs that found no change request each open one. After creating, list again: every run keeps
 * the oldest, and one that created a newer one archives it, so the space ends with one.
 */
export async function keepOldest(
  deps: { api: Pick<ApiClient, 'changeRequests'>; logger: Logger },
  target: SpaceTarget,
  created: ChangeRequest,
  signal: AbortSignal | undefined,
): Promise<ChangeRequest> {
  const oldest = (await listDocsyncChangeRequests(deps.api, target.spaceId, target.name, signal))[0];
  if (oldest === undefined || oldest.number >= created.number) return created;
  deps.logger.info(
    { target: target.name },
    `another run opened change request #${oldest.number} meanwhile: archiving #${created.number} and using #${oldest.number}`,
  );
  await deps.api.changeRequests.update(target.spaceId, created.id, { status: 'archived' }, { signal });
  return oldest;
}
