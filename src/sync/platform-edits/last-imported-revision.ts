import type { ChangeRequestsApi } from '../../api/resources/change-requests.js';
import type { SpaceTarget } from '../../config/config-schema.js';
import { subjectMarker } from '../change-request-subject.js';

/**
 * The main revision the merge of the target's newest merged change request made (its subject
 * carries the target's marker): what docsync last imported into main. Undefined when none is
 * merged, or the API does not say which revision the merge made.
 */
export async function lastImportedRevision(
  api: { readonly changeRequests: Pick<ChangeRequestsApi, 'list'> },
  target: Pick<SpaceTarget, 'name' | 'spaceId'>,
  signal?: AbortSignal,
): Promise<string | undefined> {
  const marker = subjectMarker(target.name);
  let newest: { number: number; revision: string | undefined } | undefined;
  for await (const cr of api.changeRequests.list(target.spaceId, { status: 'merged', signal })) {
    if (cr.subject?.endsWith(marker) === true && (newest === undefined || cr.number > newest.number))
      newest = { number: cr.number, revision: cr.revisionMerged };
  }
  return newest?.revision;
}
