import type { ApiClient } from '../../api/api-client.js';
import { ApiError } from '../../api/errors/api-error.js';
import type { SpaceTarget } from '../../config/config-schema.js';
import type { Logger } from '../../logging/logger.js';
import { withSyncToken } from '../change-request-subject.js';
import type { RedirectsResult } from '../redirects/sync-redirects.js';
import { syncToken, type RedirectsLeft } from './sync-token.js';

/** What the token of a change request vouches for: its revision holds this content. */
export interface TokenRecord {
  readonly changeRequest: { readonly id: string; readonly subject: string };
  /** The change request's revision the last content batch made. */
  readonly revision: string;
  readonly contentHash: string;
  /** What the sync did to the redirects; undefined when it had none to keep. */
  readonly redirects: RedirectsResult | undefined;
}

/** `settled` when nothing is left for a later run to do to the redirects. */
export function redirectsLeft(redirects: RedirectsResult | undefined): RedirectsLeft {
  return redirects === undefined || (redirects.settled && redirects.pending.length === 0) ? 'settled' : 'waiting';
}

/**
 * Records the sync token in the change request's subject (one write, none when it holds it already),
 * so a runner without state proves with a few reads that nothing changed (see `proveUnchanged`). A
 * refusal only costs such runners their reads: it is logged, and the sync stands.
 */
export async function recordSyncToken(
  deps: { readonly api: Pick<ApiClient, 'changeRequests'>; readonly logger: Logger },
  target: Pick<SpaceTarget, 'name' | 'spaceId' | 'groups' | 'redirects'>,
  record: TokenRecord,
  beforeWrite: () => Promise<void>,
  signal?: AbortSignal,
): Promise<void> {
  const token = syncToken(target, record.contentHash, record.revision, redirectsLeft(record.redirects));
  const subject = withSyncToken(record.changeRequest.subject, target.name, token);
  if (subject === record.changeRequest.subject) return;
  await beforeWrite();
  try {
    await deps.api.changeRequests.update(target.spaceId, record.changeRequest.id, { subject }, { signal });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    deps.logger.warn(
      { target: target.name },
      `the change request's subject keeps no sync token (${error.message}): runs without state compare the live content`,
    );
  }
}
