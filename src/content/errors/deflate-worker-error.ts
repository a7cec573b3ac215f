import { ContentError } from './content-error.js';

/** A deflate worker thread failed; the bundle was not written. Retrying starts a new worker. */
export class DeflateWorkerError extends ContentError {
  override readonly code = 'E_CONTENT_DEFLATE';

  constructor(reason: string, cause?: unknown) {
    super(`Deflating bundle entries failed (${reason}); try again, and report it if it keeps failing.`, cause);
    this.name = 'DeflateWorkerError';
  }
}
