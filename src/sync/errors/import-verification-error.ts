import type { Verification } from '../../content/verify-content.js';

/**
 * After an import, the live content does not hold the bundle's pages and files. Never retried: the
 * import ran, and the same bundle would land the same way.
 */
export class ImportVerificationError extends Error {
  override readonly name = 'ImportVerificationError';
  readonly code = 'E_SYNC_VERIFY';
  readonly permanent = true;

  constructor(
    where: string,
    readonly verification: Verification,
  ) {
    super(
      `The import into ${where} did not land as bundled: ${verification.diff?.summary ?? 'the content differs'}. ` +
        `Nothing was merged. Check the warnings for pages the platform skipped (SUMMARY.md entries, paths outside the docs root), then run the sync again.`,
    );
  }
}
