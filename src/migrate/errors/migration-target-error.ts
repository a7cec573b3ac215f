/** The target space cannot take the item: it does not exist, or the token may not write to it. Never retried. */
export class MigrationTargetError extends Error {
  override readonly name = 'MigrationTargetError';
  readonly code = 'E_MIGRATE_TARGET';
  /** Retrying cannot help: see the class comment. */
  readonly permanent = true;

  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
  }
}
