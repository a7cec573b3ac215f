import type { Verification } from '../verify-content.js';

/** The target's content after the import does not match the source. Never retried: the import ran. */
export class VerificationError extends Error {
  override readonly name = 'VerificationError';
  readonly code = 'E_MIGRATE_VERIFY';

  constructor(readonly verification: Verification) {
    super(`verification failed: ${verification.diff?.summary ?? 'the content differs'}`);
  }
}
