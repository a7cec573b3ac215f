import type { RemovedOperation } from '../contracts/removed-operation.js';
import type { ApiErrorContext } from './api-error.js';
import { ApiError } from './api-error.js';
import { NotFoundError } from './not-found-error.js';

/**
 * 404 on an operation today's API no longer offers: the API version, not the ids, is the likely
 * cause. Still a NotFoundError (exit 6), so callers that treat a 404 as "gone" keep doing so.
 */
export class OperationRemovedError extends NotFoundError {
  constructor(
    context: ApiErrorContext,
    readonly removed: RemovedOperation,
  ) {
    super(context);
    this.message =
      `${ApiError.describe(context)} failed with 404 Not Found${ApiError.quoteApi(context)}: ` +
      `this API version does not offer ${removed.operationId} (GitBook's published API dropped it in @gitbook/api ${removed.missingSince}); ` +
      `${removed.instead}. If the API is the seed's and still has it, check the ids in the path instead.`;
    this.name = 'OperationRemovedError';
  }
}
