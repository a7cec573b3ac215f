import type { TransportError } from '../http/errors/transport-error.js';
import type { ApiError } from './errors/api-error.js';
import { NetworkError } from './errors/network-error.js';
import { ResponseBudgetError } from './errors/response-budget-error.js';
import { TimeoutError } from './errors/timeout-error.js';

/** The API error a failed exchange with the API is: what the client throws, retries and reports. */
export function apiErrorOfTransport(error: TransportError, call: { readonly method: string; readonly path: string; readonly origin: string }): ApiError {
  const context = { method: call.method, path: call.path, cause: error.cause ?? error };
  const { failure } = error;
  if (failure.kind === 'timeout') return new TimeoutError({ ...context, timeoutMs: failure.timeoutMs });
  if (failure.kind === 'budget') return new ResponseBudgetError({ ...context, budget: failure.budget });
  return new NetworkError({ ...context, origin: call.origin, errno: failure.errno });
}
