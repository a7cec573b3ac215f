import { ContentError } from './content-error.js';

/** The hash cache could not be written. Reads still work; only the next run gets slower. */
export class HashCacheWriteError extends ContentError {
  override readonly code = 'E_CONTENT_CACHE';
  readonly file: string;

  constructor(file: string, cause?: unknown) {
    super(`Cannot write the hash cache ${file}: check that its directory is writable and the disk is not full.`, cause);
    this.name = 'HashCacheWriteError';
    this.file = file;
  }
}
