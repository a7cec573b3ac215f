import { ContentError } from '../../content/errors/content-error.js';

/**
 * `platformEdits: preserve` (or `adopt`) found pages edited in the platform but has no git remote to
 * keep them in: nothing was overwritten.
 */
export class PlatformEditsUnkeptError extends ContentError {
  override readonly code = 'E_PLATFORM_EDITS_NO_REMOTE';

  constructor(
    readonly target: string,
    /** The pages edited in the platform, by path in the docs root. */
    readonly pages: readonly string[],
    /** Why there is nowhere to keep them. */
    why: string,
    cause?: unknown,
  ) {
    const shown = pages.slice(0, 10).join(', ') + (pages.length > 10 ? ` and ${pages.length - 10} more` : '');
    super(
      `The sync of ${target} would overwrite pages edited in the platform (${shown}), and ${why}; nothing was overwritten. ` +
        `Keep them in git: add the remote (\`git remote add origin <url>\`) or name another one with \`platformEditsRemote\` in docsync.yaml; ` +
        `or let git's version replace them with \`platformEdits: overwrite\`.`,
      cause,
    );
    this.name = 'PlatformEditsUnkeptError';
  }
}
