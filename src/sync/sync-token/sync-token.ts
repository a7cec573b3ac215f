import { createHash } from 'node:crypto';
import type { SpaceTarget } from '../../config/config-schema.js';
import { withSyncToken } from '../change-request-subject.js';
import type { Delivery } from '../resolve-delivery.js';

/**
 * What the last sync left of the site's redirects: `settled` (every wanted redirect is live, or none
 * is wanted), `waiting` (some wait for pages that were not in main yet, or the API refused some).
 */
export type RedirectsLeft = 'settled' | 'waiting';

/**
 * The sync token: 12 hex digits of a hash over the content hash, the settings that shape what a
 * delivery writes (`groups`, `redirects`), the change request revision the last content batch made
 * and what was left of the redirects. docsync records it in its change request's subject after each
 * delivery; a runner without state computes it again from the docs and the change request it lists,
 * and an equal token proves that revision holds this content as docsync wrote it.
 */
export function syncToken(target: Pick<SpaceTarget, 'groups' | 'redirects'>, contentHash: string, revision: string, redirects: RedirectsLeft): string {
  const hashed = JSON.stringify(['docsync-sync-token/1', contentHash, target.groups, target.redirects, revision, redirects]);
  return createHash('sha256').update(hashed).digest('hex').slice(0, 12);
}

/**
 * The token of a change request docsync merges in the run that fills it (`autoMerge`, `direct`), given
 * in the subject it is created with: no write of its own. It stands for no revision: once docsync
 * merged that change request onto its base (it merges only what it delivered and read back), main
 * holds this content. A change request left open (a conflict, a failed run) is never taken for one.
 */
export function atOnceToken(target: Pick<SpaceTarget, 'groups' | 'redirects'>, contentHash: string): string {
  return syncToken(target, contentHash, 'merged at once', 'settled');
}

/** Whether docsync merges its change request in the run that fills it. */
export function mergesAtOnce(target: Pick<SpaceTarget, 'mode' | 'changeRequest'>): boolean {
  return target.mode === 'direct' || target.changeRequest.autoMerge;
}

/** The subject a change request is created or renamed with: with content batches merged at once, {@link atOnceToken} in it. */
export function subjectWithToken(subject: string, target: SpaceTarget, delivery: Delivery, contentHash: string): string {
  return delivery === 'changes' && mergesAtOnce(target) ? withSyncToken(subject, target.name, atOnceToken(target, contentHash)) : subject;
}
