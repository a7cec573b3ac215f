/**
 * `delivery: git` with platform edits kept (`preserve`, `adopt`): the space's content was not made by
 * a git import (edits in the platform since, or another delivery), and an import replaces it whole.
 * Stops before any write (exit 1).
 */
export class GitImportOverwriteError extends Error {
  readonly code = 'E_GIT_IMPORT_OVERWRITE';

  constructor(
    readonly target: string,
    readonly revision: string,
  ) {
    super(
      `${target}: the space's content (revision ${revision}) was not made by a git import: it holds edits made in the platform or by another delivery, ` +
        'and the import replaces the whole space. Bring what it holds into git, then set platformEdits: overwrite for this target ' +
        '(delivery: git keeps no platform edits). Nothing was imported.',
    );
    this.name = 'GitImportOverwriteError';
  }
}
