import type { SpacesApi } from '../../api/resources/spaces.js';

/**
 * The space's main revision, in one read, and whether it moved from every revision of `seen` (those
 * known to hold what docsync left there: the one a run last found so, the one its last merge made):
 * with git unchanged, anything edited in the platform since moves it. Undefined when the API gives no revision.
 */
export async function mainRevision(
  spaces: Pick<SpacesApi, 'get'>,
  spaceId: string,
  seen: readonly (string | undefined)[],
  signal?: AbortSignal,
): Promise<{ revision: string; moved: boolean } | undefined> {
  const { revision } = await spaces.get(spaceId, { signal });
  return revision === undefined ? undefined : { revision, moved: !seen.includes(revision) };
}
