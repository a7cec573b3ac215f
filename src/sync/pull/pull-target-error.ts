import { ContentError } from '../../content/errors/content-error.js';

/**
 * `docsync pull` cannot write into its folder as it is: the folder holds files (without `--force`),
 * is a file, or holds a symbolic link where a pulled file goes. Nothing was written.
 */
export class PullTargetError extends ContentError {
  override readonly name = 'PullTargetError';
  override readonly code = 'E_PULL_TARGET';

  private constructor(
    /** The folder, absolute: the file `--json` names. */
    readonly file: string,
    message: string,
    cause?: unknown,
  ) {
    super(message, cause);
  }

  static notEmpty(directory: string): PullTargetError {
    return new PullTargetError(directory, `${directory} is not empty; pull into a new or empty folder, or pass --force to write over the files there`);
  }

  static notAFolder(directory: string, cause?: unknown): PullTargetError {
    return new PullTargetError(directory, `${directory} is a file, not a folder; pull into a new or empty folder`, cause);
  }

  /** A path the pull would write that no file system or repository should take (inside `.git`, too long): `file` names it. */
  static unsafePath(file: string, reason: string): PullTargetError {
    return new PullTargetError(file, `${file}: ${reason}; nothing was written`);
  }

  /** `links`: paths relative to the folder that are symbolic links, where pulled files would go through them. */
  static holdsLinks(directory: string, links: readonly string[]): PullTargetError {
    const named = links.slice(0, 5).join(', ') + (links.length > 5 ? ` and ${links.length - 5} more` : '');
    return new PullTargetError(
      directory,
      `${directory} holds symbolic links where pulled files go (${named}); pull never writes through a link: remove ${links.length === 1 ? 'it' : 'them'}, or pull into a new folder`,
    );
  }
}
