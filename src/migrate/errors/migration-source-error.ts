/**
 * An item's source cannot be read: a folder that is missing or holds no docs, a repository that
 * cannot be cloned, a URL that answers an error, a source space that is not there. `permanent` says
 * whether trying again could help (a 5xx or a timeout of the source's server: yes).
 */
export class MigrationSourceError extends Error {
  override readonly name = 'MigrationSourceError';
  readonly code = 'E_MIGRATE_SOURCE';
  readonly permanent: boolean;

  constructor(message: string, options: { permanent: boolean; cause?: unknown }) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.permanent = options.permanent;
  }
}
