import type { ApiClient } from '../../api/api-client.js';
import type { ChangeRequest } from '../../api/schemas/change-request.js';
import type { SpaceDetail } from '../../api/schemas/space.js';
import type { SpaceTarget } from '../../config/config-schema.js';
import { recordedToken, subjectMarker } from '../change-request-subject.js';
import { listDocsyncChangeRequests } from '../find-docsync-change-request.js';
import { atOnceToken, syncToken, type RedirectsLeft } from './sync-token.js';

/** Merged change requests looked at, newest first: the one that made main's revision is the last merged. */
const MERGED_LOOKED_AT = 20;

/** What a runner without state proved: the live content is what docsync last delivered of these docs. */
export interface ProvenUnchanged {
  /** docsync's open (or draft) change request holding the content; absent when main holds it. */
  readonly changeRequest?: ChangeRequest;
  /** The change request whose subject holds the token: recorded again once the redirects waiting on it settle. */
  readonly tokenHolder: ChangeRequest;
  /** Redirects the last sync left waiting for pages that main holds now: the redirects step runs. */
  readonly redirectsDue: boolean;
}

/**
 * Proves from a few reads that a sync of docs whose content hash is `contentHash` has nothing to
 * write, or gives undefined (the caller then reads and compares the live content). Every read is
 * small and none grows with the space: the space (main's revision, how many change requests are open
 * or drafts), the lists of those, else one page of merged change requests and main's revision.
 *
 * - docsync's open or draft change request (the one a sync would deliver into) holds the content when
 *   its token matches its current revision (a reviewer's edit, or an update from main, makes a new one)
 *   and main is still the revision it is based on (an edit in main moves it).
 * - Else main holds it when the last merge into main (main's revision is its `revisionMerged`) was
 *   docsync's change request with a matching token, merged onto the revision it was based on: the
 *   token of its revision, or the one it was created with when docsync itself merged it.
 */
export async function proveUnchanged(
  api: Pick<ApiClient, 'changeRequests' | 'content' | 'spaces'>,
  target: Pick<SpaceTarget, 'name' | 'spaceId' | 'groups' | 'redirects'>,
  contentHash: string,
  signal?: AbortSignal,
): Promise<ProvenUnchanged | undefined> {
  const space = await api.spaces.get(target.spaceId, { signal });
  const main = space.revision;
  if (main === undefined) return undefined;
  const left = (cr: ChangeRequest): RedirectsLeft | undefined => {
    const token = recordedToken(cr.subject, target.name);
    return (['settled', 'waiting'] as const).find((redirects) => token === syncToken(target, contentHash, cr.revision, redirects));
  };
  const [open] = await listDocsyncChangeRequests(api, target.spaceId, target.name, signal, listed(space));
  if (open !== undefined) {
    // Redirects waiting for this change request's pages wait until it is merged.
    return baseOf(open) === main && left(open) !== undefined ? { changeRequest: open, tokenHolder: open, redirectsDue: false } : undefined;
  }
  const merged = await lastMerged(api, target, main, signal);
  if (merged === undefined) return undefined;
  // Merged at once: by whoever created it, docsync, in the run that filled it.
  const atOnce = recordedToken(merged.subject, target.name) === atOnceToken(target, contentHash) && merged.mergedBy?.id === merged.createdBy.id;
  const redirects = atOnce ? 'settled' : left(merged);
  if (redirects === undefined) return undefined;
  // Merged onto another revision than its base, main's edits since are in main too.
  const { parents } = await api.content.getRevision({ spaceId: target.spaceId, revision: main }, { signal, metadata: false, computed: false });
  if (parents.length !== 2 || parents[0] !== baseOf(merged) || parents[1] !== merged.revision) return undefined;
  return { tokenHolder: merged, redirectsDue: redirects === 'waiting' };
}

/** Drafts and open ones, drafts first (see `listDocsyncChangeRequests`); none where the space counts neither. */
function listed(space: SpaceDetail): ('draft' | 'open')[] {
  return space.changeRequestsOpen === 0 && space.changeRequestsDraft === 0 ? [] : ['draft', 'open'];
}

/** The main revision a change request's content descends from. */
function baseOf(cr: ChangeRequest): string {
  return cr.revisionMergedAncestor ?? cr.revisionInitial;
}

/** docsync's change request whose merge made main's revision `main`, among the newest merged. */
async function lastMerged(
  api: Pick<ApiClient, 'changeRequests'>,
  target: Pick<SpaceTarget, 'name' | 'spaceId'>,
  main: string,
  signal?: AbortSignal,
): Promise<ChangeRequest | undefined> {
  const marker = subjectMarker(target.name);
  let seen = 0;
  for await (const cr of api.changeRequests.list(target.spaceId, { status: 'merged', limit: MERGED_LOOKED_AT, signal })) {
    if (cr.revisionMerged === main) return cr.subject?.endsWith(marker) === true ? cr : undefined;
    if ((seen += 1) === MERGED_LOOKED_AT) return undefined;
  }
  return undefined;
}
