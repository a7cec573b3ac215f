import { ApiError } from '../../api/errors/api-error.js';
import { serverText } from '../../logging/sanitize-output.js';

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
   * @param answeredIds the refused change named a page by an id the API answered for an earlier batch
   */
  constructor(
    readonly file: string | undefined,
    where: string,
    refused: ApiError,
    answeredIds = false,
  ) {
    const what = file === undefined ? 'a batch of changes' : `the change for ${file}`;
    const todo = answeredIds
      ? 'The API answered page ids for pages docsync did not send, or ids that name no page: its answer to an earlier batch was wrong, not the docs. ' +
        'Sync again (the next run reads the pages the change request holds); if it happens again, report it to whoever runs the API.'
      : `${file === undefined ? 'Check the docs the warnings name' : `Fix ${file}`}, then sync again: the next run plans from what is there.`;
    super(
      `The API refused ${what} sent to ${where}: ${serverText(refused.apiMessage ?? refused.message)} ` +
        `That batch was not applied (the change request is as it was before it) and nothing was merged. ${todo}`,
      { method: refused.method, path: refused.path, status: refused.status, body: refused.body, cause: refused },
    );
    this.name = 'BatchRefusedError';
  }
}
