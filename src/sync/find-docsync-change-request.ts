import type { ApiClient } from '../api/api-client.js';
import { NotFoundError } from '../api/errors/not-found-error.js';
import type { ChangeRequest } from '../api/schemas/change-request.js';
import type { TargetState } from '../state/state-store.js';
import { subjectMarker } from './change-request-subject.js';

const LIVE = new Set(['open', 'draft']);

/**
 * docsync's still-open change request for a target: the one in state if it is still open or a
 * draft, else one found through the API by its subject marker, so a lost state never opens a
 * second one. Merged or archived means there is none.
 */
export async function findDocsyncChangeRequest(
  api: Pick<ApiClient, 'changeRequests'>,
  spaceId: string,
  target: string,
  state: TargetState | undefined,
  signal?: AbortSignal,
): Promise<ChangeRequest | undefined> {
  if (state?.changeRequest) {
    try {
      const known = await api.changeRequests.get(spaceId, state.changeRequest.id, { signal });
      return LIVE.has(known.status) ? known : undefined;
    } catch (error) {
      if (!(error instanceof NotFoundError)) throw error;
    }
  }
  return (await listDocsyncChangeRequests(api, spaceId, target, signal))[0];
}

/**
 * Every open or draft change request carrying the target's marker, oldest (lowest number) first:
 * when two runs each opened one, both agree that the oldest is the one to keep. `statuses`: none
 * where the space counts no change request open or draft.
 */
export async function listDocsyncChangeRequests(
  api: Pick<ApiClient, 'changeRequests'>,
  spaceId: string,
  target: string,
  signal?: AbortSignal,
  statuses: readonly ('draft' | 'open')[] = ['draft', 'open'],
): Promise<ChangeRequest[]> {
  const marker = subjectMarker(target);
  const found = new Map<string, ChangeRequest>();
  // Drafts first: a change request another run opens as a draft and then marks open between the two
  // lists is a draft in the first or open in the second, never missed by both.
  for (const status of statuses) {
    for await (const cr of api.changeRequests.list(spaceId, { status, signal })) {
      if (cr.subject?.endsWith(marker) === true && !found.has(cr.id)) found.set(cr.id, cr);
    }
  }
  return [...found.values()].sort((a, b) => a.number - b.number);
}

/** Whether anything was written into a change request since it was opened: one holding nothing is main as it was then. */
export function holdsChanges(changeRequest: Pick<ChangeRequest, 'revision' | 'revisionInitial'>): boolean {
  return changeRequest.revision !== changeRequest.revisionInitial;
}
