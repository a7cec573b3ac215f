import { ContentError } from './content-error.js';

/**
 * A line of the kept read failed its check. The kept read only ever saves time: whoever meets this
 * reads the docs whole instead, and the kept read is written anew.
 */
export class KeptReadDamagedError extends ContentError {
  override readonly code = 'E_CONTENT_CACHE';
  readonly file: string;

  constructor(file: string, problem: string, cause?: unknown) {
    super(`The kept read ${file} is damaged (${problem}): delete it, the next sync reads the docs whole.`, cause);
    this.name = 'KeptReadDamagedError';
    this.file = file;
  }
}
