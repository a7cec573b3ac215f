import type { Verification } from '../../content/bundle/verify-content.js';

/** The target's content after the import does not match the source. Never retried: the import ran. */
export class VerificationError extends Error {
  override readonly name = 'VerificationError';
  readonly code = 'E_MIGRATE_VERIFY';
  /** Retrying cannot help: see the class comment. */
  readonly permanent = true;

  constructor(readonly verification: Verification) {
    super(`verification failed: ${verification.diff?.summary ?? 'the content differs'}`);
  }
}
