import { ApiError } from '../../api/errors/api-error.js';

/**
 * The API refused a content batch (400) because of one of its changes: named by the file it came
 * from. Batches apply whole, so the change request holds what it held before that batch; nothing
 * was merged. Never retried: the same file would be refused again.
 */
export class BatchRefusedError extends ApiError {
  override readonly code = 'E_SYNC_BATCH_REFUSED';
  readonly permanent = true;

  /**
   * @param file the page or asset (path in the repository) whose change was refused, when the API named one
   * @param where the change request, for the message
   */
  constructor(
    readonly file: string | undefined,
    where: string,
    refused: ApiError,
  ) {
    const what = file === undefined ? 'a batch of changes' : `the change for ${file}`;
    super(
      `The API refused ${what} sent to ${where}: ${refused.apiMessage ?? refused.message} ` +
        `That batch was not applied (the change request is as it was before it) and nothing was merged. ` +
        `${file === undefined ? 'Check the docs the warnings name' : `Fix ${file}`}, then sync again: the next run plans from what is there.`,
      { method: refused.method, path: refused.path, status: refused.status, body: refused.body, cause: refused },
    );
    this.name = 'BatchRefusedError';
  }
}
