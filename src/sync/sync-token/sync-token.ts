import { createHash } from 'node:crypto';
import type { SpaceTarget } from '../../config/config-schema.js';

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
