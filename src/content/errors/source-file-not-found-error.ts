import { ContentError } from './content-error.js';

/** A file asked of a tree source is not in it (deleted since listing, or never there). */
export class SourceFileNotFoundError extends ContentError {
  override readonly code = 'E_CONTENT_FILE';
  readonly path: string;

  constructor(source: string, path: string, cause?: unknown) {
    super(`${path} is not in ${source} (deleted since it was listed?). Read the tree again.`, cause);
    this.name = 'SourceFileNotFoundError';
    this.path = path;
  }
}
