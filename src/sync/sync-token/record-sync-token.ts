import type { ApiClient } from '../../api/api-client.js';
import { ApiError } from '../../api/errors/api-error.js';
import type { SpaceTarget } from '../../config/config-schema.js';
import type { Logger } from '../../logging/logger.js';
import { withoutSyncToken, withSyncToken } from '../change-request-subject.js';
import type { RedirectsResult } from '../redirects/sync-redirects.js';
import { atOnceToken, mergesAtOnce, syncToken, type RedirectsLeft } from './sync-token.js';

/** What the token of a change request vouches for: its revision holds this content. */
export interface TokenRecord {
  /** `subject` is the one it holds (`subjectLive`) or the text it has apart from its token. */
  readonly changeRequest: { readonly id: string; readonly subject: string; readonly subjectLive: boolean };
  /** docsync merged it in the run that filled it. */
  readonly mergedAtOnce: boolean;
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
 * Records the sync token in the change request's subject (one write, none when it holds it already:
 * a change request docsync created with the token of a merge at once, and merged),
 * so a runner without state proves with a few reads that nothing changed (see `proveUnchanged`). A
 * refusal only costs such runners their reads: it is logged, and the sync stands.
 */
export async function recordSyncToken(
  deps: { readonly api: Pick<ApiClient, 'changeRequests'>; readonly logger: Logger },
  target: Pick<SpaceTarget, 'name' | 'spaceId' | 'groups' | 'redirects' | 'mode' | 'changeRequest'>,
  record: TokenRecord,
  beforeWrite: () => Promise<void>,
  signal?: AbortSignal,
): Promise<void> {
  const left = redirectsLeft(record.redirects);
  const atOnce = record.mergedAtOnce && mergesAtOnce(target) && left === 'settled';
  const token = atOnce ? atOnceToken(target, record.contentHash) : syncToken(target, record.contentHash, record.revision, left);
  const subject = withSyncToken(record.changeRequest.subject, target.name, token);
  if (record.changeRequest.subjectLive && subject === record.changeRequest.subject) return;
  await setSubject(deps, target, record.changeRequest.id, subject, beforeWrite, signal);
}

/**
 * A change request left open by a run that was to merge it (a conflict): the token it was created
 * with stands for a merge docsync did not make, so it is taken out.
 */
export async function dropAtOnceToken(
  deps: { readonly api: Pick<ApiClient, 'changeRequests'>; readonly logger: Logger },
  target: Pick<SpaceTarget, 'name' | 'spaceId' | 'mode' | 'changeRequest'>,
  changeRequest: { readonly id: string; readonly subject: string },
  beforeWrite: () => Promise<void>,
  signal?: AbortSignal,
): Promise<void> {
  if (!mergesAtOnce(target)) return;
  await setSubject(deps, target, changeRequest.id, withoutSyncToken(changeRequest.subject, target.name), beforeWrite, signal);
}

async function setSubject(
  deps: { readonly api: Pick<ApiClient, 'changeRequests'>; readonly logger: Logger },
  target: Pick<SpaceTarget, 'name' | 'spaceId'>,
  id: string,
  subject: string,
  beforeWrite: () => Promise<void>,
  signal: AbortSignal | undefined,
): Promise<void> {
  await beforeWrite();
  try {
    await deps.api.changeRequests.update(target.spaceId, id, { subject }, { signal });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    deps.logger.warn(
      { target: target.name },
      `the change request's subject keeps no sync token (${error.message}): runs without state compare the live content`,
    );
  }
}
