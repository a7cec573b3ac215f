import type { PageDiff } from '../page-diff.js';

/** How many paths of each kind the message names. */
const SHOWN = 5;

/**
 * After every batch landed, the change request's content is still not the repo's. Never retried:
 * the same plan would land the same way. Nothing was merged.
 */
export class DeliveryVerificationError extends Error {
  override readonly name = 'DeliveryVerificationError';
  readonly code = 'E_SYNC_VERIFY';
  readonly permanent = true;

  constructor(
    where: string,
    readonly diff: PageDiff,
  ) {
    const parts = [
      ['still missing', diff.added],
      ['still different', diff.changed],
      ['still there', diff.removed],
      ['files still missing', diff.files.added],
    ] as const;
    const named = parts
      .filter(([, paths]) => paths.length > 0)
      .map(([what, paths]) => `${what}: ${paths.slice(0, SHOWN).join(', ')}${paths.length > SHOWN ? ` and ${paths.length - SHOWN} more` : ''}`);
    super(
      `The page changes sent to ${where} did not land as planned (${named.join('; ')}). Nothing was merged. ` +
        `Check the warnings for pages the platform may have refused (titles, slugs), then run the sync again: it plans from what is there.`,
    );
  }
}
