import { ContentError } from '../../content/errors/content-error.js';

/**
 * `platformEditsBranch` names the branch checked out in the docs repository, the one being synced:
 * the platform's versions would be pushed straight onto it. Nothing was committed or overwritten.
 */
export class PlatformEditsBranchCheckedOutError extends ContentError {
  override readonly code = 'E_PLATFORM_EDITS_BRANCH';

  constructor(
    readonly target: string,
    readonly branch: string,
  ) {
    super(
      `platformEditsBranch of ${target}: "${branch}" is the branch checked out and synced; platform edits need a branch of their own. ` +
        'Set `platformEditsBranch` to another name in docsync.yaml (default docsync/platform-edits/{target}); nothing was committed or overwritten.',
    );
    this.name = 'PlatformEditsBranchCheckedOutError';
  }
}
