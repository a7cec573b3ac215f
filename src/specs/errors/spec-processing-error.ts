import type { SpecFailureCode } from '../spec-poll-step.js';

/**
 * The platform could not process a published spec (or did not finish in time). Carries the
 * platform's error code and a message saying what to check; the CLI maps it to exit code 1.
 */
export class SpecProcessingError extends Error {
  override readonly name = 'SpecProcessingError';
  readonly code: `E_SPEC_${SpecFailureCode}`;

  constructor(
    readonly slug: string,
    readonly failure: SpecFailureCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(`spec "${slug}": ${message}`, options);
    this.code = `E_SPEC_${failure}`;
  }
}
