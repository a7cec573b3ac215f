import type { Verification } from '../../content/bundle/verify-content.js';

/** Where an import went: a change request (left unmerged when it did not land) or the space itself (direct mode). */
export type ImportDestination = { readonly kind: 'change-request'; readonly number: number } | { readonly kind: 'space'; readonly spaceId: string };

/**
 * After an import, the live content does not hold the bundle's pages and files. Never retried: the
 * import ran, and the same bundle would land the same way.
 */
export class ImportVerificationError extends Error {
  override readonly name = 'ImportVerificationError';
  readonly code = 'E_SYNC_VERIFY';
  readonly permanent = true;

  constructor(
    readonly destination: ImportDestination,
    readonly verification: Verification,
  ) {
    const where = destination.kind === 'space' ? `space ${destination.spaceId}` : `change request #${destination.number}`;
    // In direct mode the import has already replaced the live content: say so, never "nothing was merged".
    const state =
      destination.kind === 'space'
        ? `The import already replaced the space's content (direct mode): what it left out is not live.`
        : `Nothing was merged: change request #${destination.number} holds what landed.`;
    super(
      `The import into ${where} did not land as bundled: ${verification.diff?.summary ?? 'the content differs'}. ${state} ` +
        `Check the warnings for pages the platform skipped (SUMMARY.md entries, paths outside the docs root), then run the sync again.`,
    );
  }
}
