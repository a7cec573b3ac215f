import type { ResponseBudget } from '../../http/errors/transport-error.js';
import { ApiError, type ApiErrorContext } from './api-error.js';

export type { ResponseBudget };

function mebibytes(bytes: number): string {
  return `${Math.round((bytes / 1_048_576) * 10) / 10} MiB`;
}

/**
 * An answer larger than `api.maxResponseBytes`, or not finished within `api.deadline`: a broken or
 * hostile server, or not the API. Not retried, since the same call would be answered the same way.
 */
export class ResponseBudgetError extends ApiError {
  override readonly code = 'E_API_RESPONSE_BUDGET';
  readonly budget: ResponseBudget;

  constructor(context: ApiErrorContext & { readonly budget: ResponseBudget }) {
    const { budget } = context;
    super(
      budget.kind === 'size'
        ? `${ApiError.describe(context)}: the answer is larger than ${mebibytes(budget.maxBytes)} (api.maxResponseBytes), so docsync stopped reading it. Check that the endpoint is the API, or raise api.maxResponseBytes.`
        : `${ApiError.describe(context)}: the answer did not finish within ${budget.deadlineMs / 1000} s (api.deadline), so docsync stopped waiting. The API or a proxy is stalling; run again later, or raise api.deadline.`,
      context,
    );
    this.name = 'ResponseBudgetError';
    this.budget = budget;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), budget: this.budget };
  }
}
