import { ContentError } from './content-error.js';

/** The docs folder exists on disk but not in the commit to read (never committed, or renamed since). */
export class FolderNotInCommitError extends ContentError {
  override readonly code = 'E_CONTENT_NOT_COMMITTED';

  constructor(
    readonly repository: string,
    readonly folder: string,
    readonly ref: string,
    commit: string,
  ) {
    super(
      `${folder}/ is not in ${ref} (commit ${commit.slice(0, 12)}) of ${repository}: commit it (git add ${folder} && git commit), or read the files on disk with \`source: worktree\`.`,
    );
    this.name = 'FolderNotInCommitError';
  }
}
