import { ContentError } from '../../content/errors/content-error.js';

/** `delivery: git` on a detached HEAD (or a commit sha as `source`) without `git.ref`: no ref to import from (exit 2). */
export class GitRefUnknownError extends ContentError {
  override readonly code = 'E_GIT_DELIVERY_REF';

  constructor(target: string) {
    super(
      `${target}: delivery: git syncs a commit no branch names (a detached HEAD, or a sha as source), so docsync cannot tell which ref the platform should import; set git.ref (like refs/heads/main). Nothing was imported.`,
    );
    this.name = 'GitRefUnknownError';
  }
}
