import type { SpacesApi } from '../../api/resources/spaces.js';

/**
 * The space's main revision, in one read, and whether it moved since `seen` (the revision a run last
 * found holding what docsync left there): with git unchanged, anything edited in the platform since
 * moves it. Undefined when the API gives no revision.
 */
export async function mainRevision(
  spaces: Pick<SpacesApi, 'get'>,
  spaceId: string,
  seen: string | undefined,
  signal?: AbortSignal,
): Promise<{ revision: string; moved: boolean } | undefined> {
  const { revision } = await spaces.get(spaceId, { signal });
  return revision === undefined ? undefined : { revision, moved: revision !== seen };
}
