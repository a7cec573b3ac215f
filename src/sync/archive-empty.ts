import type { ApiClient } from '../api/api-client.js';
import type { SpaceTarget } from '../config/config-schema.js';
import type { Logger } from '../logging/logger.js';
import type { StateStore } from '../state/state-store.js';

/**
 * The run gives up on a change request it opened and put nothing into: archive it (best effort) and
 * forget it, so the next run starts clean instead of reusing an empty draft.
 */
export async function archiveEmpty(
  deps: { api: Pick<ApiClient, 'changeRequests'>; state: StateStore; logger: Logger },
  target: SpaceTarget,
  key: string,
  cr: { id: string; number: number },
  cause: unknown,
  signal: AbortSignal | undefined,
): Promise<void> {
  try {
    await deps.api.changeRequests.update(target.spaceId, cr.id, { status: 'archived' }, { signal });
    const state = await deps.state.get(key);
    if (state?.changeRequest?.id === cr.id) {
      const { changeRequest: _archived, ...rest } = state;
      await deps.state.set(key, { ...rest, reviewersRequested: [] });
    }
    deps.logger.info(
      { target: target.name, changeRequest: cr.number, err: (cause as Error).message },
      `archived the empty change request #${cr.number} this run opened`,
    );
  } catch (error) {
    deps.logger.warn(
      { target: target.name, changeRequest: cr.number, err: (error as Error).message },
      `could not archive the empty change request #${cr.number}; the next run reuses it`,
    );
  }
}
