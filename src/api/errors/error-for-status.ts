import type { ApiErrorBody } from '../schemas/common.js';
import { ApiError } from './api-error.js';
import { AuthenticationError } from './authentication-error.js';
import { ConflictError } from './conflict-error.js';
import { NotFoundError } from './not-found-error.js';
import { OperationRemovedError } from './operation-removed-error.js';
import { removedOperation } from '../contracts/removed-operation.js';
import { PermissionError } from './permission-error.js';
import { RateLimitError } from './rate-limit-error.js';
import { ServerError } from './server-error.js';
import { ValidationError } from './validation-error.js';

export interface ErrorForStatusInput {
  readonly status: number;
  readonly method: string;
  readonly path: string;
  readonly body?: ApiErrorBody | undefined;
  /** What the request body held, abbreviated and without secrets (see `describeSent`). */
  readonly sent?: string | undefined;
  /** From `Retry-After` / `X-RateLimit-Reset`; used by 429 and 5xx. */
  readonly retryAfterMs?: number | undefined;
  /** The header of a 429 that asked for an implausible wait (see `RateLimitError.implausibleWait`). */
  readonly implausibleWait?: string | undefined;
}

/** The error class for a failed HTTP status; plain `ApiError` (code `E_API`) for statuses without one. */
export function errorForStatus(input: ErrorForStatusInput): ApiError {
  const { status } = input;
  switch (status) {
    case 400:
      return new ValidationError(input);
    case 401:
      return new AuthenticationError(input);
    case 403:
      return new PermissionError(input);
    case 404: {
      const removed = removedOperation(input.method, input.path);
      return removed === undefined ? new NotFoundError(input) : new OperationRemovedError(input, removed);
    }
    case 409:
      return new ConflictError(input);
    case 429:
      return new RateLimitError(input);
    default:
      if (status >= 500) return new ServerError(input);
      return new ApiError(
        `${input.method} ${input.path} failed with ${status}` +
          (input.body ? ` (API: "${input.body.error.message}")` : '') +
          ': the API refused the request as sent. Check the command and its inputs.',
        input,
      );
  }
}
