import type { ApiClient } from '../api/api-client.js';

/** A content batch answered 404 while its change request exists: the API lacks the operation. */
export class BatchesUnavailable extends Error {
  override readonly name = 'BatchesUnavailable';
}

/** A batch answered 404: the change request is still there, so it is the operation that is missing. */
export async function batchesMissing(
  api: Pick<ApiClient, 'changeRequests'>,
  spaceId: string,
  changeRequest: string,
  signal: AbortSignal | undefined,
): Promise<boolean> {
  try {
    await api.changeRequests.get(spaceId, changeRequest, { signal });
    return true;
  } catch {
    return false;
  }
}
