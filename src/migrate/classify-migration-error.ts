import { classifyError, type ErrorClass } from '../queue/classify-error.js';
import { MigrationSourceError } from './errors/migration-source-error.js';
import { MigrationTargetError } from './errors/migration-target-error.js';
import { VerificationError } from './errors/verification-error.js';

/**
 * Whether an item's failure is worth another attempt: the queue's classes (429 waits, 5xx and
 * network retry, other 4xx are permanent), plus the migration's own: a source that cannot be read
 * (unless its server had a passing fault), a target that does not exist, a verification mismatch.
 */
export function classifyMigrationError(error: unknown): ErrorClass {
  if (error instanceof MigrationSourceError) return error.permanent ? { kind: 'permanent', reason: error.message } : { kind: 'transient' };
  if (error instanceof MigrationTargetError || error instanceof VerificationError) return { kind: 'permanent', reason: error.message };
  return classifyError(error);
}

/** True when `error` is the abort of a run (SIGINT, a test's AbortSignal), not a failure of the item. */
export function isAbort(error: unknown, signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true || (error instanceof Error && error.name === 'AbortError');
}
