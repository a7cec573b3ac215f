import { ContentError } from './content-error.js';

/** What is wrong with an archive: unreadable, an entry escaping its folder, or a cap it passes. */
export type ArchiveProblem = 'unreadable' | 'escapes' | 'entries' | 'expanded-bytes' | 'ratio';

/**
 * An archive docsync will not expand. Nothing of it was kept: a reader stops at the first problem,
 * while streaming, before the archive's content is in memory.
 */
export class ArchiveError extends ContentError {
  override readonly code = 'E_CONTENT_ARCHIVE';

  constructor(
    readonly problem: ArchiveProblem,
    message: string,
    cause?: unknown,
  ) {
    super(message, cause);
    this.name = 'ArchiveError';
  }
}
