import { ContentError } from '../../content/errors/content-error.js';

/**
 * A file of the docs that today's API cannot be given: over the 1 MB it takes inline with no
 * artifact store to serve it by URL, or over what it fetches by URL (`import.maxBytes`). Found from
 * the page plan before the first batch, so nothing was sent and nothing merged.
 */
export class FileNotSendableError extends ContentError {
  override readonly code = 'E_SYNC_FILE_NOT_SENDABLE';

  /**
   * @param file the asset (path in the docs root) at fault, the first of them
   * @param others how many more files the same check refused
   */
  constructor(
    readonly file: string,
    reason: string,
    fix: string,
    others: number,
  ) {
    const more = others > 0 ? ` (and ${others} more file${others === 1 ? '' : 's'} like it)` : '';
    super(`${file}${more} cannot be sent to the API: ${reason}. Nothing was sent and nothing merged. ${fix}`);
    this.name = 'FileNotSendableError';
  }
}
