import { ContentError } from './content-error.js';

/** The deflated entry cache could not be written. Bundles still work; only the next one gets slower. */
export class DeflatedEntryCacheWriteError extends ContentError {
  override readonly code = 'E_CONTENT_CACHE';
  readonly file: string;

  constructor(file: string, cause?: unknown) {
    super(`Cannot write the bundle entry cache ${file}: check that its directory is writable and the disk is not full.`, cause);
    this.name = 'DeflatedEntryCacheWriteError';
    this.file = file;
  }
}
